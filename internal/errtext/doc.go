// Package errtext holds the parts of error reports that both games of the module
// share: inputs shortened for messages, and sets of reasons (a position's
// validation) with one description per occurrence. The root package and package
// atomic keep their own exported error types, sentinels and prefixes and build
// their messages with it.
package errtext
