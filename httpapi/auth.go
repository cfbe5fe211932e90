package httpapi

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"

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
