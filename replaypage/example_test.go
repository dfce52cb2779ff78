package replaypage_test

import (
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/replaypage"
)

// The rules page's trap as an Atomic replay page: 3. Nxc7 explodes the pieces
// around c7, which the page shows on the position after it and names in its
// status line.
func ExampleWrite_atomic() {
	rec, err := atomic.ParseRecord(`[Event "The trap"] [Variant "Atomic"] 1. Nc3 d6 2. Nd5 e5 3. Nxc7 *`)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	var page strings.Builder
	if err := replaypage.Write(&page, rec); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	fmt.Println(regexp.MustCompile(`<title>.*</title>`).FindString(page.String()))
	fmt.Println(regexp.MustCompile(`After 3\. Nxc7: [^"]*`).FindString(page.String()))
	// Output:
	// <title>The trap</title>
	// After 3. Nxc7: Black to move. The explosion on c7 took White's knight and Black's queen, bishop, knight and pawn.
}
