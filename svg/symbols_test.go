package svg

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
)

// TestSymbols: the symbols hold exactly the figures, glyphs and gradients Render
// writes into its <defs>, under the prefixed ids, and make a well-formed document.
func TestSymbols(t *testing.T) {
	defs, err := Symbols("p-", Colors{})
	if err != nil {
		t.Fatal(err)
	}
	checkWellFormed(t, `<svg xmlns="http://www.w3.org/2000/svg"><desc>symbols</desc><defs>`+defs+`</defs></svg>`)
	if n := strings.Count(defs, "<symbol "); n != 12+16 {
		t.Errorf("%d symbols, want 12 figures and 16 glyphs", n)
	}
	// Every figure, glyph and gradient of a drawing that has them all.
	p := pacosako.MustParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w 0 - - -")
	drawing := String(p, Options{Coordinates: true, HideSako: true})
	figure := regexp.MustCompile(`<g id="([a-z]+-[a-z]+)" ([^>]*)>\n((?:<path [^>]*/>\n)+)</g>`)
	found := figure.FindAllStringSubmatch(drawing, -1)
	if len(found) != 12 {
		t.Fatalf("the drawing defines %d figures, want 12", len(found))
	}
	for _, f := range found {
		want := `<symbol id="p-` + f[1] + `" overflow="visible"><g ` + f[2] + `>` + strings.ReplaceAll(f[3], "\n", "") + "</g></symbol>\n"
		if !strings.Contains(defs, want) {
			t.Errorf("no symbol %s as Render draws it:\n%s", f[1], want)
		}
	}
	for _, g := range regexp.MustCompile(`<path id="glyph-(.)" d="([^"]*)"/>`).FindAllStringSubmatch(drawing, -1) {
		if want := `<symbol id="p-glyph-` + g[1] + `" overflow="visible"><path d="` + g[2] + `"/></symbol>`; !strings.Contains(defs, want) {
			t.Errorf("no glyph symbol %s", want)
		}
	}
	paco := String(pacosako.MustParseFEN("4X3/8/8/8/8/8/8/4K3 b 0 - - -"), Options{})
	sakoAfter := String(mustMove(t, pacosako.MustParseFEN(rules1FEN), sakoSAN).After(), Options{}) // Black's king in Ŝako
	for _, tc := range []struct{ id, doc string }{{"sako-glow", sakoAfter}, {"paco-glow", paco}} {
		m := regexp.MustCompile(`<radialGradient id="` + tc.id + `">\n((?:<stop [^>]*/>\n)+)</radialGradient>`).FindStringSubmatch(tc.doc)
		if m == nil {
			t.Fatalf("the drawing has no %s", tc.id)
		}
		if want := `<radialGradient id="p-` + tc.id + `">` + strings.ReplaceAll(m[1], "\n", "") + "</radialGradient>"; !strings.Contains(defs, want) {
			t.Errorf("no gradient as Render draws it:\n%s", want)
		}
	}

	// Other colours reach the figures and glows; an empty prefix is allowed.
	defs, err = Symbols("", Colors{WhitePiece: "#ff0000", Sako: "#00ff0080"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<symbol id="white-king" overflow="visible"><g fill="#ff0000" stroke="#1c1c1c"`, `<stop offset="0" stop-color="#00ff00" stop-opacity="0.5"/>`} {
		if !strings.Contains(defs, want) {
			t.Errorf("lacks %s", want)
		}
	}

	for _, tc := range []struct {
		prefix string
		c      Colors
		want   string
	}{
		{"1p", Colors{}, `symbol id prefix "1p"`},
		{"p\"", Colors{}, `symbol id prefix "p\""`},
		{"-", Colors{}, `symbol id prefix "-"`},
		{"p", Colors{BlackPiece: "#12"}, `BlackPiece colour "#12"`},
	} {
		_, err := Symbols(tc.prefix, tc.c)
		if !errors.Is(err, ErrInvalidOptions) || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Symbols(%q, %+v): %v, want ErrInvalidOptions naming %s", tc.prefix, tc.c, err, tc.want)
		}
	}
}
