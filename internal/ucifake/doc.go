// Package ucifake is a fake UCI engine for Atomic chess, for the tests of the
// UCI client and of the match harness: it answers the protocol correctly, or
// wrongly in a chosen way (an illegal best move, garbage info lines, too
// slowly, not at all), or crashes. A test binary becomes the fake when its
// TestMain sees the environment variable Env:
//
//	func TestMain(m *testing.M) {
//		if mode := ucifake.Mode(os.Args[1:]); mode != "" {
//			os.Exit(ucifake.Run(mode, os.Stdin, os.Stdout, os.Stderr))
//		}
//		os.Exit(m.Run())
//	}
//
// and a test starts it as os.Args[0] with Env=mode in its environment, or
// with the argument Flag+mode where it cannot set the environment (Mode reads
// either).
package ucifake
