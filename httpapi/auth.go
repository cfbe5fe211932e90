package httpapi

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"

	"github.com/docextract/docextract/store"
)

// APIKeyPrefix starts every API key, so leaked keys are easy to scan for.
const APIKeyPrefix = "dex_"

// GenerateAPIKey returns a new random key (32 bytes of entropy), shown to
// its owner once, and the record to store: only its SHA-256 hash, which is
// enough for a high-entropy key.
func GenerateAPIKey(teamID string) (key string, rec *store.APIKey) {
	var b [32]byte
	_, _ = rand.Read(b[:])
	key = APIKeyPrefix + base64.RawURLEncoding.EncodeToString(b[:])
	return key, &store.APIKey{TeamID: teamID, Prefix: key[:len(APIKeyPrefix)+6], Hash: HashAPIKey(key)}
}

// HashAPIKey returns the stored form of key.
func HashAPIKey(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}

// Authenticate returns the API key of the request's X-API-Key header, or
// EUNAUTHORIZED ("Invalid API key.").
func (s *Server) Authenticate(ctx context.Context, r *http.Request) (*store.APIKey, error) {
	return s.AuthenticateKey(ctx, r.Header.Get("X-API-Key"))
}
