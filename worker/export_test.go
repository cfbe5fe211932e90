package worker

// CachedTeams returns the number of teams whose parsed sets s keeps and
// their YAML bytes, for the tests of the cache's bounds.
func (s *StoredTemplates) CachedTeams() (int, int64) { return s.cachedTeams() }
