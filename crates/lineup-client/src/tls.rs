//! The client's side of TLS (rustls, with ring): Mozilla's roots and, for
//! a server with a certificate of its own making, a CA file given by name.
//!
//! The seat's secret stays the authorisation; TLS keeps it, and the game,
//! from being read or changed on the way.

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use std::path::PathBuf;
use std::sync::Arc;
use tokio_rustls::TlsConnector;

/// How a client reaches a server over TLS: the name its certificate must
/// carry, and a CA to trust beside the usual roots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClientTls {
    pub name: String,
    pub extra_ca: Option<PathBuf>,
}

impl ClientTls {
    pub fn connector(&self) -> Result<(TlsConnector, ServerName<'static>), String> {
        let mut roots = rustls::RootCertStore::empty();
        roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        if let Some(ca) = &self.extra_ca {
            let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(ca)
                .and_then(|certs| certs.collect())
                .map_err(|e| format!("cannot read the CA file {}: {e}", ca.display()))?;
            for cert in certs {
                roots
                    .add(cert)
                    .map_err(|e| format!("{}: {e}", ca.display()))?;
            }
        }
        let config = rustls::ClientConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth();
        let name = ServerName::try_from(self.name.clone())
            .map_err(|_| format!("\"{}\" is no server name", self.name))?;
        Ok((TlsConnector::from(Arc::new(config)), name))
    }
}
