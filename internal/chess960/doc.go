// Package chess960 numbers the 960 back ranks of Chess960 (Fischer random chess)
// as Scharnagl does, for both games of the module: the root package's Fischer-random
// Paco Ŝako ("Ŝako 960") and package atomic's Atomic960.
package chess960
