package pacosako

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestSharedThroughLink: the module's link testdata/shared leads to the folder
// shared beside the module, and no test of the module reaches that folder by a
// path outside the module ("../shared", or ".." joined to "shared"): go test
// leaves files outside the module out of a cached result's key, so a test that
// read the folder that way would keep a result cached without it after it is
// added (issue 32). See sharedTestdata.
func TestSharedThroughLink(t *testing.T) {
	const link, target = "testdata/shared", "../../shared"
	switch got, err := os.Readlink(link); {
	case err == nil && got != target:
		t.Errorf("%s leads to %q, want %q", link, got, target)
	case err != nil:
		// A checkout without symbolic links (core.symlinks false) has a file
		// holding the target: the shared tests then skip as on a user's clone.
		data, rerr := os.ReadFile(link)
		if rerr != nil || strings.TrimSpace(string(data)) != target {
			t.Errorf("%s is neither a link to %s nor a file naming it: %v; %v", link, target, err, rerr)
		}
		t.Logf("%s is not a symbolic link here: the shared folder is out of reach", link)
	}
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") || path == "sharedlink_test.go" {
			return nil
		}
		files++
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, bad := range outsidePaths(src) {
			t.Errorf("%s: %s reaches the shared folder from outside the module; go through %s", path, bad, link)
		}
		return nil
	})
	if err != nil || files < 50 {
		t.Fatalf("%d test files walked: %v", files, err)
	}
}

// outsidePaths returns the string literals of a Go source that name the shared
// folder by a path leaving the module: a path (no spaces) holding "../shared",
// or "shared" right after a ".." argument (filepath.Join("..", "shared")).
func outsidePaths(src []byte) []string {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", fset.Base(), len(src)), src, nil, 0)
	var out []string
	prev := ""
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.COMMA {
			continue
		}
		if tok != token.STRING {
			prev = ""
			continue
		}
		v, err := strconv.Unquote(lit)
		if err != nil {
			continue
		}
		if (strings.Contains(filepath.ToSlash(v), "../shared") && !strings.ContainsAny(v, " \t\n")) || (v == "shared" && prev == "..") {
			out = append(out, fset.Position(pos).String()+" "+lit)
		}
		prev = v
	}
}

// TestOutsidePaths: the check above finds both spellings and leaves the link's.
func TestOutsidePaths(t *testing.T) {
	src := `package p
var a = "../../shared/testdata" // found
var b = filepath.Join("..", "..", "shared", "x") // found
var c = "../testdata/shared/testdata" // through the link
var d = filepath.Join("..", "testdata", "shared") // through the link
var e = t.Run("shared", f)
var f = t.Skip("see ../shared/README.md")
// "../shared" in a comment
`
	got := outsidePaths([]byte(src))
	if len(got) != 2 || !strings.Contains(got[0], `"../../shared/testdata"`) || !strings.Contains(got[1], `"shared"`) {
		t.Errorf("outsidePaths = %q", got)
	}
}
