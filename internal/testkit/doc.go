// Package testkit holds what the tests of both games share: reading the
// tab-separated reference vectors, benchmarking perft, measuring allocations,
// decoding and comparing pictures. Only _test.go files import it.
package testkit
