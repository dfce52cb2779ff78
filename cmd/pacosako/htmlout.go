package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/pgn"
	"github.com/pacosako-go/pacosako/records"
)

// pages writes the replay pages of convert -to html, or the GIFs of -to gif: one
// file per game in dir, named after the game, each path printed when its file
// is complete.
type pages struct {
	dir  string          // "" for the current directory
	ext  string          // the files' extension: ".html" (for "") or ".gif"
	used map[string]bool // the file names given so far, lower case
}

// extension is the files' extension, ".html" unless ext says otherwise.
func (p *pages) extension() string {
	if p.ext == "" {
		return ".html"
	}
	return p.ext
}

// fileNameLimit is the most bytes of a game's name a file name keeps (before a
// number and ".html").
const fileNameLimit = 100

// fileName makes a game's name safe as a file name on every common system: letters
// and digits (of any script), '-', '_' and '.' stay, every other character
// (space, '/', '\', ':', quotes, control characters) becomes '-', runs of '-'
// become one, leading and trailing '-' and '.' go (no hidden file, no "..", no
// name that reads as a flag), at most fileNameLimit bytes stay; an empty result
// is "game".
func fileName(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range name {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '.' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			if b.Len()+utf8.RuneLen(r) > fileNameLimit {
				break
			}
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	s := strings.Trim(b.String(), "-.")
	if s == "" {
		return "game"
	}
	return s
}

// path returns the path of the next game's page: its file name, numbered
// ("name-2.html", "name-3.html", …) when an earlier game of the input has the
// same name, compared without case (some file systems ignore it).
func (p *pages) path(name string) string {
	if p.used == nil {
		p.used = map[string]bool{}
	}
	base, ext := fileName(name), p.extension()
	file := base + ext
	for n := 2; p.used[strings.ToLower(file)]; n++ {
		file = base + "-" + strconv.Itoa(n) + ext
	}
	p.used[strings.ToLower(file)] = true
	return filepath.Join(p.dir, file)
}

// write writes the page (or GIF) of the game named name, as page writes it (a
// replaypage writer of the game's record, or an svg GIF writer). The file
// appears only complete: it is written to a temporary file in the same
// directory, then renamed; an existing file of the same name is replaced.
func (p *pages) write(name string, out *bufio.Writer, page func(io.Writer) error) error {
	path := p.path(name)
	dir := p.dir
	if dir == "" {
		dir = "."
	}
	what := map[bool]string{true: "the GIF", false: "the page"}[p.extension() == ".gif"]
	f, err := os.CreateTemp(dir, ".replay-*"+p.extension())
	if err != nil {
		return fmt.Errorf("writing %s: %s", what, fileError(err))
	}
	w := bufio.NewWriter(f)
	err = page(w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644) // CreateTemp makes it private
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("writing %s %s: %s", what, quote(path), fileError(err))
	}
	fmt.Fprintln(out, path)
	return nil
}

// record is the game as a record of either game: the record it was read from, or
// a Paco Ŝako record named after the game.
func (gm game) record() records.Record {
	if gm.rec != nil {
		return gm.rec
	}
	return gm.pacoRecord()
}

// pacoRecord is a Paco Ŝako game as a record: the record it was read from, or one
// named after the game.
func (gm game) pacoRecord() pacosako.Record {
	if rec, ok := gm.rec.(pacosako.Record); ok {
		return rec
	}
	return pacosako.Record{Game: gm.g, Tags: []pacosako.Tag{{Name: "Event", Value: gm.name}}}
}

// pageRecord is the record a replay page or a GIF shows: record, with the
// game's name as its Event (pageTags).
func (gm game) pageRecord() records.Record {
	rec := gm.record()
	tags := pageTags(tagsOf(rec), gm.name)
	switch r := rec.(type) {
	case pacosako.Record:
		r.Tags = tags
		return r
	case atomic.Record:
		r.Tags = tags
		return r
	}
	return rec
}

// tagsOf returns the tags of a record of either game (both games' Tag is
// pacosako.Tag).
func tagsOf(rec records.Record) []pacosako.Tag {
	switch r := rec.(type) {
	case pacosako.Record:
		return r.Tags
	case atomic.Record:
		return r.Tags
	}
	return nil
}

// pageTags are a record's tags on its replay page: name is the Event when the
// record has none (a record without one is "game N"), so that the page's title is
// the name its file has.
func pageTags(tags []pacosako.Tag, name string) []pacosako.Tag {
	if e := pgn.TagValue(tags, "Event"); e != "" && e != "?" {
		return tags
	}
	out := []pacosako.Tag{{Name: "Event", Value: name}}
	for _, t := range tags {
		if t.Name != "Event" {
			out = append(out, t)
		}
	}
	return out
}
