package atomic

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/sansyntax"
)

// TestSANSyntax: what ParseSAN accepts around a move (spaces, tabs, one check
// mark, one move suffix) and refuses, with the byte offset of the problem.
func TestSANSyntax(t *testing.T) {
	start := StartingPosition()
	for _, c := range []struct {
		text string
		want string // the move's UCI, or the error's offset and reason start
	}{
		{"e4", "e2e4"}, {"e4 ", "e2e4"}, {" e4", "e2e4"}, {"\te4\t", "e2e4"}, {"e4 + !?", "e2e4"},
		{"e4+", "e2e4"}, {"e4#", "e2e4"}, {"e4!!", "e2e4"}, {"e4+?!", "e2e4"}, {"e4#!", "e2e4"},
		{"Pe4", "e2e4"}, {"e2e4", "e2e4"}, {"e2-e4", "e2e4"}, {"Ng1-f3", "g1f3"}, {"Ngf3", "g1f3"}, {"N1f3", "g1f3"},
		{"", "0: empty move"}, {"  ", "2: empty move"},
		{"e4 e5", "3: 'e' cannot follow the move here"},
		{"e4++", "3: '+' cannot follow the move here"},
		{"e4" + strings.Repeat("+", 100000), "3: '+' cannot follow the move here"},
		{"e4+!!!", "5: '!' cannot follow the move here"},
		{"O-O+#!?", "4: '#' cannot follow the move here"},
		{"Nf3\r", "3: byte"},
		{"e4\x00", "2: byte"},
		{"Nf", "2: want a target square such as e4"},
		{"e9", "1: want a target square such as e4"},
		{"nf3", "0: piece letters are upper case: want 'N'"},
		{"E4", "0: not a piece letter (K Q R B N P)"},
		{"Nxg1f3", "6: 'x' or '-' must stand right before the target square"},
		{"Ng1h2f3", "7: too many coordinates"},
		{"e8=", "3: a promotion is = followed by N, B, R or Q"},
		{"=Q", "0: want a target square such as e4"},
	} {
		testSAN(t, start, c.text, c.want)
	}
	// What other readers write (issue 25): FIDE's en passant mark, glued or a
	// word of its own, and a promotion without "=" in lower case.
	ep := MustParseFEN("r1bqkbnr/ppp1pppp/2n5/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")
	for _, c := range []struct{ text, want string }{
		{"exd6e.p.", "e5d6"}, {"exd6 e.p.", "e5d6"}, {"exd6 e.p.+", "e5d6"}, {"exd6+ e.p.", "e5d6"}, {"exd6	e.p. !?", "e5d6"},
		{"exd6 e.p. e.p.", "10: 'e' cannot follow the move here"}, {"exd6 ep", "5: 'e' cannot follow the move here"},
	} {
		testSAN(t, ep, c.text, c.want)
	}
	promo := MustParseFEN("1n2k3/2P5/8/8/8/8/8/4K3 w - - 0 1")
	for _, c := range []struct{ text, want string }{
		{"c8q", "c7c8q"}, {"c8n", "c7c8n"}, {"c8r+", "c7c8r"}, {"c8b", "c7c8b"}, {"cxb8q", "c7b8q"}, {"cxb8b#", "c7b8b"},
		{"c8=q", "c7c8q"}, {"c8Q", "c7c8q"}, {"c8k", "2: 'k' cannot follow the move here"},
	} {
		testSAN(t, promo, c.text, c.want)
	}
}

// testSAN reads text in p and compares the move's UCI, or the error's offset and
// reason, with want's start.
func testSAN(t *testing.T, p Position, text, want string) {
	t.Helper()
	{
		m, err := p.ParseSAN(text)
		var ne *NotationError
		got := m.UCI()
		if errors.As(err, &ne) {
			got = strconv.Itoa(ne.Offset) + ": " + ne.Reason
		} else if err != nil {
			got = err.Error()
		}
		if !strings.HasPrefix(got, want) {
			t.Errorf("ParseSAN(%q) in %s: %s, want %s…", shorten(text), p.FEN(), shorten(got), want)
		}
	}
}

// TestSANSyntaxLikeRoot reads random text made of SAN's characters in the start
// position, which both games share, with this package's ParseSAN and the root
// package's: text one refuses as not SAN the other refuses at the same offset,
// except what only chain SAN has (steps separated by commas or spaces, a leading
// promotion "=Q").
func TestSANSyntaxLikeRoot(t *testing.T) {
	pieces := []string{"N", "B", "R", "Q", "K", "P", "a", "b", "e", "h", "1", "4", "8", "x", "-", "=", "+", "#", "!", "?", " ", "\t",
		"O-O", "0-0", "O-O-O", "e4", "f3", "d8", "n", "q", "\r", "\x00", "Z", ",", "e.p.", " e.p.", "r"}
	r := rand.New(rand.NewPCG(1, 2))
	atomicStart, pacoStart := StartingPosition(), pacosako.StartingPosition()
	compared := 0
	for i := 0; i < 40000; i++ {
		var b strings.Builder
		for n := 1 + r.IntN(6); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		_, aErr := atomicStart.ParseSAN(text)
		_, pErr := pacoStart.ParseSAN(text)
		var ae *NotationError
		var pne *pacosako.NotationError
		aBad, pBad := errors.As(aErr, &ae), errors.As(pErr, &pne)
		if strings.HasPrefix(strings.TrimLeft(text, " \t"), "=") {
			continue // a leading promotion: chain SAN only
		}
		if aBad && ae.Offset < len(text) && strings.HasSuffix(ae.Reason, sansyntax.EndReason) {
			if before := text[:ae.Offset]; strings.TrimRight(before, " \t") != before || text[ae.Offset] == ',' {
				continue // a second step after a separator: chain SAN only
			}
		}
		switch {
		case aBad && pBad:
			compared++
			if ae.Offset != pne.Offset {
				t.Fatalf("%q: offset %d (%s), the root's %d (%s)", text, ae.Offset, ae.Reason, pne.Offset, pne.Reason)
			}
		case pBad:
			t.Fatalf("%q: read as SAN (%v), the root refuses it: %v", text, aErr, pErr)
		case aBad:
			t.Fatalf("%q: refused at offset %d (%s), the root reads it (%v)", text, ae.Offset, ae.Reason, pErr)
		}
	}
	if compared < 10000 {
		t.Errorf("only %d texts refused by both", compared)
	}
}

// TestQuickSAN: the reader's shortcut for the usual shapes of SAN reads every
// text it takes as the general grammar does: every string of up to five of
// the characters SAN is made of (and a check mark), and the SAN of every legal
// move of the vector positions.
func TestQuickSAN(t *testing.T) {
	alphabet := []byte("NKPahx18-")
	var texts []string
	var grow func(prefix []byte)
	grow = func(prefix []byte) {
		texts = append(texts, string(prefix), string(prefix)+"+", string(prefix)+"#")
		if len(prefix) == 5 {
			return
		}
		for _, c := range alphabet {
			grow(append(prefix, c))
		}
	}
	grow(nil)
	var sans []string
	for _, p := range vectorPositions(t) {
		s, _ := p.SANs(p.Moves())
		sans = append(sans, s...)
	}
	// How many the shortcut takes depends on the vectors present (the package's
	// subset, or the shared ones): the SAN the package writes is the usual
	// shape, so the shortcut takes nearly all of it, whichever set it is.
	take := func(texts []string) (taken int) {
		for _, text := range texts {
			q, ok := quickSAN(text)
			if !ok {
				continue
			}
			taken++
			if g, err := parseSANGrammar(text); err != nil || g != q {
				t.Fatalf("%q: the shortcut reads %+v, the grammar %+v, %v", text, q, g, err)
			}
		}
		return taken
	}
	strs, written := take(texts), take(sans)
	if strs < 200 {
		t.Errorf("the shortcut took only %d of the %d strings", strs, len(texts))
	}
	if len(sans) < 500 || written*100 < len(sans)*95 {
		t.Errorf("the shortcut took only %d of the %d SANs written for the vector positions, want 95%%", written, len(sans))
	}
	t.Logf("the shortcut took %d of %d strings, %d of %d SANs of the vector positions", strs, len(texts), written, len(sans))
}
