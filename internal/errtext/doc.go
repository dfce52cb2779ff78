// Package errtext holds the parts of error reports that both games of the module
// share: inputs shortened for messages, and sets of reasons (a position's
// validation) with one description per occurrence. The root package and package
// atomic keep their own exported error types and prefixes, share the sentinels of
// the kinds both games have (defined in the root package, without a prefix), and
// build their messages with it.
package errtext
