package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

// envPrefix starts the environment variable of every `serve` flag:
// --max-conns-per-ip is DOCEXTRACT_MAX_CONNS_PER_IP. A flag given on the
// command line wins over its variable, the variable over the default.
const envPrefix = "DOCEXTRACT_"

// envName is the environment variable that sets the flag name.
func envName(name string) string {
	return envPrefix + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
}

// documentEnv appends "(env DOCEXTRACT_…)" to the usage of every flag of fs
// that does not name its variable already, so `docextract help serve` shows
// both spellings.
func documentEnv(fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		env := envName(f.Name)
		if !strings.Contains(f.Usage, env) {
			f.Usage += " (env " + env + ")"
		}
	})
}

// applyEnv sets every flag of fs that was not given on the command line from
// its environment variable, when that is set. A value the flag refuses is an
// error naming the variable.
func applyEnv(fs *flag.FlagSet, lookup func(string) (string, bool)) error {
	if lookup == nil {
		lookup = os.LookupEnv
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		if err != nil || given[f.Name] {
			return
		}
		env := envName(f.Name)
		v, ok := lookup(env)
		if !ok {
			return
		}
		if e := fs.Set(f.Name, v); e != nil {
			err = fmt.Errorf("%s=%q: %v", env, v, e)
		}
	})
	return err
}
