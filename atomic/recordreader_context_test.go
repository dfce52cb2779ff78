package atomic

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// cancelAfter delivers r's bytes, counting them, and cancels a context once more
// than limit have been delivered.
type cancelAfter struct {
	r        io.Reader
	n, limit int
	cancel   context.CancelFunc
}

func (c *cancelAfter) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	if c.n += k; c.n > c.limit {
		c.cancel()
	}
	return k, err
}

// TestRecordReaderContextInsideAGame: a context done while a game is read stops it
// soon — here in an 8 MB comment, where the context was looked at only before a
// move: the reading stops within 256 KB of the cancellation, the game's error is
// a *RecordError wrapping context.Canceled, and Scan stops.
func TestRecordReaderContextInsideAGame(t *testing.T) {
	const size, limit, slack = 8 << 20, 256 << 10, 256 << 10
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	text := "[Event \"t\"]\n\n1. e4 {" + strings.Repeat("a", size) + "} *\n"
	cr := &cancelAfter{r: strings.NewReader(text), limit: limit, cancel: cancel}
	rr := NewRecordReaderContext(ctx, cr)
	games := 0
	var last error
	for rr.Scan() {
		games++
		_, last = rr.Record()
	}
	var re *RecordError
	if games != 1 || !errors.As(last, &re) || !errors.Is(last, context.Canceled) || !errors.Is(rr.Err(), context.Canceled) {
		t.Errorf("%d games, the last one's error %v, Err %v", games, last, rr.Err())
	}
	if cr.n > limit+slack {
		t.Errorf("%d bytes read, %d after the context was cancelled", cr.n, cr.n-limit)
	}
}
