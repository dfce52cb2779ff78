package main

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/uci"
)

// pacosako uci plays a scripted session with the engine's search: the
// handshake, a position, a search by depth whose info lines and best move are
// legal, a bad command answered without ending, quit.
func TestUCICommand(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var stderr bytes.Buffer
	status := make(chan int, 1)
	go func() {
		status <- run([]string{"uci"}, inR, outW, &stderr)
		outW.Close()
	}()
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	expect := func(prefix string) (string, []string) {
		t.Helper()
		var before []string
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("output ended before %q: %q, stderr %q", prefix, before, stderr.String())
				}
				if strings.HasPrefix(l, prefix) {
					return l, before
				}
				before = append(before, l)
			case <-time.After(30 * time.Second):
				t.Fatalf("no %q after %q", prefix, before)
			}
		}
	}
	send := func(s string) { io.WriteString(inW, s+"\n") }
	send("uci")
	if _, head := expect("uciok"); head[0] != "id name pacosako" {
		t.Errorf("handshake %q", head)
	}
	send("setoption name Hash value 8")
	send("position startpos moves e2e4 e7e5")
	send("go depth 3")
	best, infos := expect("bestmove ")
	g := atomic.NewGame(atomic.StartingPosition())
	g, _ = g.PlayUCI("e2e4")
	g, _ = g.PlayUCI("e7e5")
	root := g.Position()
	if len(infos) < 3 {
		t.Fatalf("info lines %q", infos)
	}
	for _, l := range infos {
		info, err := uci.ParseInfo(root, l)
		if err != nil || info.Depth == 0 || len(info.PV) == 0 {
			t.Errorf("%q: %+v, %v", l, info, err)
		}
	}
	if m, _, err := uci.ParseBestMove(root, best); err != nil || m.IsZero() {
		t.Errorf("%q: %v", best, err)
	}
	send("position startpos moves e2e5")
	if l, _ := expect("info string"); !strings.Contains(l, "e2e5") {
		t.Errorf("%q", l)
	}
	send("isready")
	expect("readyok")
	send("quit")
	if s := <-status; s != 0 || stderr.Len() != 0 {
		t.Errorf("status %d, stderr %q", s, stderr.String())
	}
}

func TestUCIUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"uci", "start"}, "uci takes no arguments"},
		{[]string{"uci", "-variant", "pacosako"}, "uci serves Atomic chess only"},
	} {
		var out, errb bytes.Buffer
		if s := run(tc.args, strings.NewReader(""), &out, &errb); s != 2 || !strings.Contains(errb.String(), tc.want) || out.Len() != 0 {
			t.Errorf("%q: status %d, %q", tc.args, s, errb.String())
		}
	}
	// The end of the input ends the session.
	var out, errb bytes.Buffer
	if s := run([]string{"uci", "-variant", "ATOMIC"}, strings.NewReader("isready\n"), &out, &errb); s != 0 || out.String() != "readyok\n" {
		t.Errorf("status %d, %q, %q", s, out.String(), errb.String())
	}
}
