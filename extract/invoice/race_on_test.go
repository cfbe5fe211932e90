//go:build race

package invoice_test

// raceDetector is true in a build with the race detector (go test -race).
const raceDetector = true
