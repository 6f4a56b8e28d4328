#!/usr/bin/env bash
# Makes a small certificate authority for the shop and a server certificate signed by it, so
# tablets on the shop network reach the app over HTTPS (a service worker needs a secure context).
#   bash scripts/make-cert.sh 192.168.1.20 [garage.local]
# Then start with TLS_CERT=certs/server.crt TLS_KEY=certs/server.key npm start,
# and install certs/shop-ca.crt on each tablet once (see README, "Tablets on the shop network").
set -euo pipefail
ip="${1:?usage: make-cert.sh <server LAN IP> [hostname]}"
name="${2:-garage.local}"
dir="certs"
mkdir -p "$dir"
cd "$dir"

if [ ! -f shop-ca.key ]; then
  openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -keyout shop-ca.key -out shop-ca.crt \
    -subj "/CN=Garage Suite Shop CA" -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"
fi

cat > server.ext <<EXT
basicConstraints=CA:FALSE
keyUsage=digitalSignature,keyEncipherment
extendedKeyUsage=serverAuth
subjectAltName=IP:${ip},DNS:${name},DNS:localhost,IP:127.0.0.1
EXT
openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj "/CN=${name}"
# 825 days: the longest validity that Apple devices accept for a server certificate.
openssl x509 -req -in server.csr -CA shop-ca.crt -CAkey shop-ca.key -CAcreateserial -days 825 -sha256 -extfile server.ext -out server.crt
rm -f server.csr server.ext
echo "Made $dir/server.crt and $dir/server.key for https://${ip}:8080 and https://${name}:8080"
echo "Install $dir/shop-ca.crt on every tablet (keep shop-ca.key private and backed up)."
