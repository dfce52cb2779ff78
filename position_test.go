package pacosako

import (
	"testing"
	"unsafe"
)

// TestPositionSize: the documentation (Position, README) gives the size of a
// Position; a change of the layout must update it.
func TestPositionSize(t *testing.T) {
	if got := unsafe.Sizeof(Position{}); got != 144 {
		t.Errorf("Position is %d bytes; the documentation says 144", got)
	}
}
