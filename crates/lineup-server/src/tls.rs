//! TLS for servers on the internet (rustls, with ring): the server's side
//! from a certificate and key in PEM files (`--tls CERT KEY`). The
//! client's side is `lineup_client::tls`.
//!
//! The seat's secret stays the authorisation; TLS keeps it, and the game,
//! from being read or changed on the way.

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use std::path::Path;
use std::sync::Arc;
use tokio_rustls::TlsAcceptor;

fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// The server's TLS: its certificate chain and key, read once at start.
#[derive(Clone)]
pub struct ServerTls(pub TlsAcceptor);

impl std::fmt::Debug for ServerTls {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ServerTls")
    }
}

impl ServerTls {
    /// Reads the certificate chain at `cert` and the private key at `key`.
    pub fn from_files(cert: &Path, key: &Path) -> Result<ServerTls, String> {
        let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
            .and_then(|certs| certs.collect())
            .map_err(|e| format!("cannot read the certificate {}: {e}", cert.display()))?;
        if chain.is_empty() {
            return Err(format!("no certificate in {}", cert.display()));
        }
        let key = PrivateKeyDer::from_pem_file(key)
            .map_err(|e| format!("cannot read the key {}: {e}", key.display()))?;
        let config = rustls::ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| e.to_string())?
            .with_no_client_auth()
            .with_single_cert(chain, key)
            .map_err(|e| format!("the certificate and key do not make a server: {e}"))?;
        Ok(ServerTls(TlsAcceptor::from(Arc::new(config))))
    }
}
