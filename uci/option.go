package uci

import (
	"fmt"
	"strconv"
	"strings"
)

// OptionType is the type of an engine's option, as its "option" line gives it.
type OptionType uint8

// The five option types of the protocol.
const (
	Check  OptionType = iota + 1 // true or false
	Spin                         // an integer between Min and Max
	Combo                        // one of Vars
	Button                       // no value: setting it triggers an action
	String                       // any text on one line
)

var optionTypeNames = [...]string{"", "check", "spin", "combo", "button", "string"}

// String returns the type as the protocol writes it ("spin").
func (t OptionType) String() string {
	if int(t) < len(optionTypeNames) && t != 0 {
		return optionTypeNames[t]
	}
	return fmt.Sprintf("OptionType(%d)", uint8(t))
}

// Option is one option an engine declares in its handshake ("option name Hash
// type spin default 16 min 1 max 33554432").
type Option struct {
	Name     string
	Type     OptionType
	Default  string   // as declared; "" for none (and for "<empty>", the convention for an empty string)
	Min, Max int64    // a Spin's bounds
	Vars     []string // a Combo's values
}

// String returns the option as an engine declares it: the "option" line.
func (o Option) String() string {
	var b strings.Builder
	b.WriteString("option name " + o.Name + " type " + o.Type.String())
	switch o.Type {
	case Button:
		return b.String()
	case String:
		d := o.Default
		if d == "" {
			d = "<empty>"
		}
		b.WriteString(" default " + d)
	default:
		b.WriteString(" default " + o.Default)
	}
	if o.Type == Spin {
		fmt.Fprintf(&b, " min %d max %d", o.Min, o.Max)
	}
	for _, v := range o.Vars {
		b.WriteString(" var " + v)
	}
	return b.String()
}

// optionKeys are the keywords of an option line; names and values may have
// spaces, so each runs to the next keyword.
var optionKeys = map[string]bool{"name": true, "type": true, "default": true, "min": true, "max": true, "var": true}

// ParseOption reads an engine's "option" line. The error is a *ParseError
// (wrapping ErrProtocol) when the line has no name, an unknown type, or a spin
// without integer bounds (min ≤ default ≤ max).
func ParseOption(line string) (Option, error) {
	fail := func(reason string) (Option, error) {
		return Option{}, &ParseError{Line: line, Reason: reason}
	}
	words := strings.Fields(line)
	if len(words) == 0 || words[0] != "option" {
		return fail("not an option line")
	}
	var o Option
	var haveType, haveMin, haveMax bool
	for i := 1; i < len(words); {
		key := words[i]
		j := i + 1
		for j < len(words) && !optionKeys[words[j]] {
			j++
		}
		value := strings.Join(words[i+1:j], " ")
		switch key {
		case "name":
			if o.Name != "" || value == "" {
				return fail("want one non-empty name")
			}
			o.Name = value
		case "type":
			t := OptionType(0)
			for k, n := range optionTypeNames {
				if k > 0 && n == value {
					t = OptionType(k)
				}
			}
			if t == 0 {
				return fail("unknown type " + strconv.Quote(value))
			}
			o.Type, haveType = t, true
		case "default":
			if value == "<empty>" {
				value = ""
			}
			o.Default = value
		case "min", "max":
			n, err := strconv.ParseInt(value, 10, 64)
			if err != nil {
				return fail(key + " " + strconv.Quote(value) + " is not an integer")
			}
			if key == "min" {
				o.Min, haveMin = n, true
			} else {
				o.Max, haveMax = n, true
			}
		case "var":
			o.Vars = append(o.Vars, value)
		default:
			return fail("want name, type, default, min, max or var, got " + strconv.Quote(key))
		}
		i = j
	}
	switch {
	case o.Name == "":
		return fail("no name")
	case !haveType:
		return fail("no type")
	case o.Type == Spin && (!haveMin || !haveMax || o.Min > o.Max):
		return fail("a spin needs min ≤ max")
	}
	if o.Type == Spin {
		if d, err := strconv.ParseInt(o.Default, 10, 64); err != nil || d < o.Min || d > o.Max {
			return fail("a spin's default " + strconv.Quote(o.Default) + " is not an integer from min to max")
		}
	}
	return o, nil
}

// Validate returns value as it is sent to the engine for o ("true" for any case
// of it, a combo's var in the engine's spelling), or an *OptionError wrapping
// ErrInvalidOption: a check that is not true or false, a spin that is not an
// integer from Min to Max, a combo value that is not one of Vars (compared
// without case, as engines do), a button given a value, a value on more than
// one line.
func (o Option) Validate(value string) (string, error) {
	fail := func(reason string) (string, error) {
		return "", &OptionError{Name: o.Name, Value: value, Reason: reason, Err: ErrInvalidOption}
	}
	if strings.ContainsAny(value, "\r\n") {
		return fail("a value is one line")
	}
	switch o.Type {
	case Check:
		switch strings.ToLower(value) {
		case "true", "false":
			return strings.ToLower(value), nil
		}
		return fail("want true or false")
	case Spin:
		n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
		if err != nil || n < o.Min || n > o.Max {
			return fail(fmt.Sprintf("want an integer from %d to %d", o.Min, o.Max))
		}
		return strconv.FormatInt(n, 10), nil
	case Combo:
		for _, v := range o.Vars {
			if strings.EqualFold(v, value) {
				return v, nil
			}
		}
		return fail("want one of " + strings.Join(o.Vars, ", "))
	case Button:
		if value != "" {
			return fail("a button takes no value")
		}
		return "", nil
	}
	return value, nil
}
