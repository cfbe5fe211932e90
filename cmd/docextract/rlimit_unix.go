//go:build unix

package main

import "syscall"

// defaultMaxConns is half the process's open-file limit, between 64 and
// 10000: the other half stays for the database, spool files and the PDF
// engine, so a flood of connections can never starve them.
func defaultMaxConns() int {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil || rl.Cur == 0 {
		return 1024
	}
	return int(max(64, min(10000, rl.Cur/2)))
}
