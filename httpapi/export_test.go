package httpapi

// RouteSchemes returns every route of s with the name of its
// authentication scheme: public, api_key or api_key_or_bearer.
func RouteSchemes(s *Server) map[string]string {
	s.init()
	names := map[scheme]string{public: "public", apiKey: "api_key", apiKeyOrBearer: "api_key_or_bearer"}
	out := map[string]string{}
	for _, r := range s.routeSchemes {
		out[r.pattern] = names[r.scheme]
	}
	return out
}
