//go:build !unix

package main

// defaultMaxConns is the connection cap where the open-file limit is not
// known.
func defaultMaxConns() int { return 1024 }
