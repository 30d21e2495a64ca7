package corpus

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"strings"
)

// Test keys of this program alone, made for it (a 1024-bit RSA key and
// a P-256 key), with a PSS and an ECDSA signature of sha256("faultloc")
// made with them natively: a run cannot make those, which draw from the
// process's secure source.
const (
	rsaKeysPrivate = `-----BEGIN PRIVATE KEY-----
MIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBAN1RAaiYmaJ9TOnO
tK8u9HnM0cGvFHJOo74wXLHlDYxT+But/FScs8Uy4HZHCijHBsfiect0B6nwhcmP
7u7xVDDxis3+2zGZC3iccfw+7K7EUl7ddqG4aBuNyzXjeL9l7xbZgMlmWMKK1HLd
BdKJG92gxZYZ64ZmbXbY/pxzy5shAgMBAAECgYBQ8wc7Ro2zTEdsoYmfJfqP7mWu
hT5iTPdBYmkVPGWHNVNjtHC99g8fCuvk9zj1D08gn2rTCt6evvYAcp//T8/t5Mk2
3knpNHsnnhg1ZRebLhKP+Oi1UicZoRwcZFWIlAZxQowGq58Np4w5Vc+LRnnrrVt0
ddK/IzvoJ8I6HYK1vQJBAOdfp7AWGi6uNUSTic4s3q6DsFR4mPGoxTfqh9qbaelX
ZyRvL05WwX3ZnrSPbZBbFfbwkbcUiaDDMg4HW/AqJasCQQD031FUj4G8szCZEc9/
vk3Z60f8HxtA5VZltSJELgIjKV0D92RWKndPUpWC5fv9xTXXcXFYxwWX+jj2pCUa
Px5jAkBVaHn+BiqkEKqZJd04vld1FCeDBwFuM16ZxXlguP3fpOPuDxznTh8e1bY/
8LIBF56ECUnAy1QChAt2IkFN5kEBAkEAhID/GnnZI0n3ZyzrEl3g9KXLOxN+BNzU
po6gbzJSN8KfMZFB+xpZm1O90aovdH+thdo+EmMHlNhy0Iu8A/rZrwJAaSxegHhY
MeYzWRKvcX0GENascLQ6odixB/Pgk1vC/ValsBdReYs3WYzgHlaV+NzmuuwSm8VT
9DmO1Y/Da3HC4g==
-----END PRIVATE KEY-----
`
	rsaKeysPublic = `-----BEGIN PUBLIC KEY-----
MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDdUQGomJmifUzpzrSvLvR5zNHB
rxRyTqO+MFyx5Q2MU/gbrfxUnLPFMuB2RwooxwbH4nnLdAep8IXJj+7u8VQw8YrN
/tsxmQt4nHH8PuyuxFJe3XahuGgbjcs143i/Ze8W2YDJZljCitRy3QXSiRvdoMWW
GeuGZm122P6cc8ubIQIDAQAB
-----END PUBLIC KEY-----
`
	rsaKeysEC = `-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIMDaifPJi8hgXp0gAivJUMNiL+xVu6grWqu4xi3sD4fAoAoGCCqGSM49
AwEHoUQDQgAEaKwr+u1GXOGoj7w4rQ0h8Zo+0cr3yFVjVKMgpO8UPNRiNczHzHgC
78jZXrJPHEG2YcFA6xEtyxhPR7/T1hbTgA==
-----END EC PRIVATE KEY-----
`
	rsaKeysPSS   = "8e7f9d3d1229d75a26d3d04a1ceb3b86109817374bee8fa91b18d88421da095cb3840b3f2b42f18c7620b087a1604431d011db308ec0edf27727d4bd02c096759c0208f26dd8f8cab71d4303ad2d12f54f7ba2889ae4a53c1ecc2faa887e88327154296712bcd3c0840a43b76f029ee55b58ee2730d0f813592c6fd748a4c672"
	rsaKeysECSig = "3046022100c90a61a05599e4c12dcdea716767e49251bb1af423be89b383bed3c5e509141a02210095fbb10a35c6d69fc3c5f33ae64e894315d2fde58779dd7bceba4f4a17d81fc7"
)

// RSAKeys parses keys as token libraries do (x509's PKCS #8, PKIX and
// SEC 1 parsers, whose results of type any are asserted to the key
// types), signs with PKCS #1 v1.5 and verifies it, verifies the PSS and
// ECDSA signatures made natively, compares keys, marshals one back, and
// checks the verification errors (rsa.ErrVerification).
func RSAKeys() string {
	var out []string
	block, _ := pem.Decode([]byte(rsaKeysPrivate))
	parsed, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	key, ok := parsed.(*rsa.PrivateKey)
	out = append(out, fmt.Sprint(err, ok, key.Size(), key.Validate()))
	block, _ = pem.Decode([]byte(rsaKeysPublic))
	pubAny, err := x509.ParsePKIXPublicKey(block.Bytes)
	pub, ok := pubAny.(*rsa.PublicKey)
	out = append(out, fmt.Sprint(err, ok, pub.Size(), pub.E, pub.N.BitLen(), pub.Equal(key.Public()), key.PublicKey.Equal(pub)))
	d := sha256.Sum256([]byte("faultloc"))
	sig, err := rsa.SignPKCS1v15(nil, key, crypto.SHA256, d[:])
	out = append(out, fmt.Sprint(len(sig), err, rsa.VerifyPKCS1v15(pub, crypto.SHA256, d[:], sig)))
	sig[0] ^= 1
	err = rsa.VerifyPKCS1v15(pub, crypto.SHA256, d[:], sig)
	out = append(out, fmt.Sprint(err, errors.Is(err, rsa.ErrVerification)))
	pss, _ := hex.DecodeString(rsaKeysPSS)
	out = append(out, fmt.Sprint(rsa.VerifyPSS(pub, crypto.SHA256, d[:], pss, nil)))
	der, err := x509.MarshalPKIXPublicKey(pub)
	out = append(out, fmt.Sprint(bytes.Equal(der, block.Bytes), err))
	h := crypto.SHA256
	hh := h.New()
	hh.Write([]byte("faultloc"))
	out = append(out, fmt.Sprint(h.Available(), h.Size(), h.String(), bytes.Equal(hh.Sum(nil), d[:])))
	block, _ = pem.Decode([]byte(rsaKeysEC))
	ec, err := x509.ParseECPrivateKey(block.Bytes)
	ecSig, _ := hex.DecodeString(rsaKeysECSig)
	out = append(out, fmt.Sprint(err, ec.Curve == elliptic.P256(), ec.Params().Name, ecdsa.VerifyASN1(&ec.PublicKey, d[:], ecSig), ecdsa.VerifyASN1(&ec.PublicKey, d[1:], ecSig)))
	pubEC, ok := ec.Public().(*ecdsa.PublicKey)
	out = append(out, fmt.Sprint(ok, pubEC.Equal(&ec.PublicKey)))
	return strings.Join(out, "\n")
}
