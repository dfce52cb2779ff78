package uci

import (
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// process is an engine's operating-system process and its pipes: a goroutine
// reads its output into lines, another waits for its exit (exited), so that it
// is always reaped.
type process struct {
	cmd     *exec.Cmd
	stdin   *os.File      // the write end of the engine's standard input
	lines   chan string   // its output, line by line; closed at its end
	closing chan struct{} // closed when the engine is being closed or killed
	exited  chan struct{} // closed once the process is reaped
	done    chan struct{} // closed to end the reading goroutine
	stderr  *tail

	closeOnce, releaseOnce sync.Once
	mu                     sync.Mutex
	rerr                   error // why the output ended
	werr                   error // what Wait returned
}

// startProcess starts the engine with its pipes and its two goroutines.
func startProcess(cfg Config) (*process, error) {
	cmd := exec.Command(cfg.Path, cfg.Args...)
	cmd.Dir, cmd.Env = cfg.Dir, cfg.Env
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	p := &process{cmd: cmd, stdin: inW, lines: make(chan string, 256), closing: make(chan struct{}),
		exited: make(chan struct{}), done: make(chan struct{}), stderr: &tail{}}
	cmd.Stdin, cmd.Stdout = inR, outW
	cmd.Stderr = p.stderr
	if cfg.Stderr != nil {
		cmd.Stderr = io.MultiWriter(p.stderr, cfg.Stderr)
	}
	cmd.WaitDelay = time.Second // a grandchild holding standard error open does not hold Wait
	ownProcessGroup(cmd)
	err = cmd.Start()
	inR.Close() // the engine's ends
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, err
	}
	go func() {
		err := readLines(outR, cfg.MaxLine, p.lines, p.done)
		outR.Close()
		p.mu.Lock()
		p.rerr = err
		p.mu.Unlock()
		close(p.lines)
	}()
	go func() {
		err := cmd.Wait()
		p.mu.Lock()
		p.werr = err
		p.mu.Unlock()
		close(p.exited)
	}()
	return p, nil
}

// write writes s to the engine's input within timeout.
func (p *process) write(s string, timeout time.Duration) error {
	if err := p.stdin.SetWriteDeadline(time.Now().Add(timeout)); err != nil {
		return err
	}
	_, err := io.WriteString(p.stdin, s)
	return err
}

// signalClosing closes closing; it reports whether this call did.
func (p *process) signalClosing() (first bool) {
	p.closeOnce.Do(func() { close(p.closing); first = true })
	return first
}

// kill kills the process (and its process group where there is one), waits
// until it is reaped, and releases the pipes.
func (p *process) kill() {
	select {
	case <-p.exited:
	default:
		killGroup(p.cmd)
		<-p.exited
	}
	p.release()
}

// release ends the reading goroutine and closes the engine's input, once the
// process has exited.
func (p *process) release() {
	p.releaseOnce.Do(func() {
		close(p.done)
		p.stdin.Close()
	})
}

// readErr is why the output ended (nil for its end of file).
func (p *process) readErr() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.rerr == io.EOF {
		return nil
	}
	return p.rerr
}

// status describes how the process ended; it is called once it has.
func (p *process) status() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if st := p.cmd.ProcessState; st != nil {
		return "the process ended: " + st.String()
	}
	if p.werr != nil {
		return "the process ended: " + p.werr.Error()
	}
	return "the process closed its output"
}

// pid is the process's id.
func (p *process) pid() int { return p.cmd.Process.Pid }

// stderrTail is the end of the engine's standard error.
func (p *process) stderrTail() string { return p.stderr.String() }

// tail keeps the last tailSize bytes written to it.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

const tailSize = 2048

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if len(t.buf) > tailSize {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-tailSize:]...)
	}
	return len(b), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
