package corpus

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/subtle"
	"encoding/base32"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"hash/adler32"
	"strings"
)

// Crypto runs the deterministic parts of the standard library's crypto
// and encodings that the bridge's table covers: digests, HMAC with an
// interpreted hash constructor, constant-time comparison, AES in CBC and
// GCM mode with a fixed nonce, Ed25519 keys from a seed and from an
// io.Reader, base32, PEM and Adler-32.
func Crypto() string {
	var out []string
	sum := sha512.Sum512([]byte("sprig"))
	out = append(out, hex.EncodeToString(sum[:8]))
	key := []byte("0123456789abcdef")
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("message"))
	tag := mac.Sum(nil)
	out = append(out, hex.EncodeToString(tag), fmt.Sprint(hmac.Equal(tag, tag), subtle.ConstantTimeCompare(tag, tag[:1])))
	block, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	plain := []byte("exactly 32 bytes of plain text!!")
	ct := make([]byte, len(plain))
	cipher.NewCBCEncrypter(block, key).CryptBlocks(ct, plain)
	back := make([]byte, len(ct))
	cipher.NewCBCDecrypter(block, key).CryptBlocks(back, ct)
	out = append(out, hex.EncodeToString(ct), string(back))
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	nonce := make([]byte, gcm.NonceSize())
	sealed := gcm.Seal(nil, nonce, []byte("gcm"), nil)
	opened, err := gcm.Open(nil, nonce, sealed, nil)
	out = append(out, hex.EncodeToString(sealed), string(opened), fmt.Sprint(err))
	if _, err := aes.NewCipher(key[:5]); err != nil {
		out = append(out, err.Error())
	}
	seed := bytes.Repeat([]byte{7}, ed25519.SeedSize)
	priv := ed25519.NewKeyFromSeed(seed)
	sig := ed25519.Sign(priv, []byte("signed"))
	pub, priv2, err := ed25519.GenerateKey(bytes.NewReader(seed))
	out = append(out, hex.EncodeToString(sig[:8]), fmt.Sprint(ed25519.Verify(pub, []byte("signed"), sig), bytes.Equal(priv, priv2), err))
	enc := base32.StdEncoding.EncodeToString([]byte("base32!"))
	dec, err := base32.StdEncoding.DecodeString(enc)
	out = append(out, enc, string(dec), fmt.Sprint(err))
	if _, err := base32.StdEncoding.DecodeString("!!"); err != nil {
		out = append(out, err.Error())
	}
	p := pem.EncodeToMemory(&pem.Block{Type: "TEST KEY", Headers: map[string]string{"Proc-Type": "4,ENCRYPTED"}, Bytes: seed})
	b, rest := pem.Decode(append(p, "tail"...))
	out = append(out, string(p), b.Type, fmt.Sprint(b.Headers, len(b.Bytes)), string(rest))
	out = append(out, fmt.Sprint(adler32.Checksum([]byte("adler"))))
	return strings.Join(out, "\n")
}
