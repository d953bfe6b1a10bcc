//! The open TCP connections: counted in all and per address from the moment they are accepted
//! until their socket closes (an upgraded WebSocket too, since the count travels with the
//! socket), refused at once past the caps, and the process's file limit raised to what the caps
//! need. One client opening connections and leaving them idle must not take every file the
//! process may open (docs/api.md, "Limits").

use std::collections::HashMap;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;

/// Files the process keeps for itself beyond its connections (the database and its journal,
/// the listener, the runtime).
const RESERVED_FILES: u64 = 64;

/// The open connections, in all and per address.
#[derive(Default)]
pub struct Sockets {
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// Why a connection was refused.
pub enum Refusal {
    Full(usize),
    Address(usize),
}

impl Sockets {
    /// Counts a new connection from `address`, unless `max` are open or, where `per_address`
    /// is given, that many from this address.
    pub fn admit(
        self: &Arc<Sockets>,
        address: IpAddr,
        max: usize,
        per_address: Option<usize>,
    ) -> Result<Counted, Refusal> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if open.0 >= max {
            return Err(Refusal::Full(max));
        }
        let from = open.1.entry(address).or_insert(0);
        if per_address.is_some_and(|cap| *from >= cap) {
            return Err(Refusal::Address(*from));
        }
        *from += 1;
        open.0 += 1;
        Ok(Counted { sockets: self.clone(), address })
    }
}

/// One counted connection; dropping it (with its socket) counts it out.
pub struct Counted {
    sockets: Arc<Sockets>,
    address: IpAddr,
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut open = self.sockets.open.lock().unwrap_or_else(|e| e.into_inner());
        open.0 = open.0.saturating_sub(1);
        if let Some(n) = open.1.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                open.1.remove(&self.address);
            }
        }
    }
}

/// A socket with its count: it stays counted as long as it is open, through an upgrade.
///
/// It also gives the answers hyper makes by itself the security headers every other answer
/// has: hyper answers a request it cannot parse (`400`) or whose headers are too large (`431`)
/// before the router sees it, so no middleware can add them. Such an answer's head is rewritten
/// on its way out (`with_security_headers`); every answer of the router already has them.
pub struct CountedStream {
    stream: TcpStream,
    _counted: Counted,
    /// A rewritten answer not yet written whole: written before anything else.
    pending: Vec<u8>,
}

impl CountedStream {
    pub fn new(stream: TcpStream, counted: Counted) -> CountedStream {
        CountedStream { stream, _counted: counted, pending: Vec::new() }
    }

    /// Writes what is pending; ready once nothing is.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while !self.pending.is_empty() {
            match Pin::new(&mut self.stream).poll_write(cx, &self.pending) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => {
                    self.pending.drain(..n);
                }
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(()))
    }
}

/// The head of an error answer hyper made by itself, with the security headers added after its
/// status line; `None` for anything else (an answer of the router has them already, and a
/// WebSocket frame never starts with `HTTP/`).
fn with_security_headers(buf: &[u8]) -> Option<Vec<u8>> {
    if !(buf.starts_with(b"HTTP/1.1 4") || buf.starts_with(b"HTTP/1.1 5") || buf.starts_with(b"HTTP/1.0 4")) {
        return None;
    }
    let head_end = buf.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = &buf[..head_end];
    if head.windows(23).any(|w| w.eq_ignore_ascii_case(b"x-content-type-options:")) {
        return None;
    }
    let status_end = head.windows(2).position(|w| w == b"\r\n")?;
    let mut out = Vec::with_capacity(buf.len() + 400);
    out.extend_from_slice(&buf[..status_end + 2]);
    for (name, value) in crate::api::SECURITY_HEADERS {
        out.extend_from_slice(format!("{name}: {value}\r\n").as_bytes());
    }
    out.extend_from_slice(b"cache-control: no-store\r\n");
    out.extend_from_slice(&buf[status_end + 2..]);
    Some(out)
}

impl AsyncRead for CountedStream {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for CountedStream {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        if self.poll_pending(cx)?.is_pending() {
            return Poll::Pending;
        }
        if let Some(rewritten) = with_security_headers(buf) {
            // Taken whole; written out by this call and the next ones before anything else.
            self.pending = rewritten;
            let _ = self.poll_pending(cx)?;
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.poll_pending(cx)?.is_pending() {
            return Poll::Pending;
        }
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.poll_pending(cx)?.is_pending() {
            return Poll::Pending;
        }
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    // Not vectored: hyper then writes each answer's head from one buffer, where
    // `with_security_headers` can see it whole.
    fn is_write_vectored(&self) -> bool {
        false
    }
}

/// Answers a refused connection with `503` and closes it, without reading its request: the
/// refusal costs no more than the accept.
pub async fn refuse(mut stream: TcpStream, refusal: Refusal) {
    let error = match refusal {
        Refusal::Full(max) => format!("the server has {max} connections open, the most it keeps; try again later"),
        Refusal::Address(n) => {
            format!("this address has {n} connections open, the most one address may; close some or try again later")
        }
    };
    let body = serde_json::json!({ "error": error, "retry_after": 10 }).to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 10\r\n\
         connection: close\r\ncontent-length: {}\r\nx-content-type-options: nosniff\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), stream.write_all(answer.as_bytes())).await;
    let _ = stream.shutdown().await;
}

/// Whether a connection that began with `P` opens with HTTP/2's preface (`PRI * HTTP/2.0`)
/// rather than an HTTP/1 `POST`, `PUT` or `PATCH`: peeks until three bytes have come, for at
/// most `wait`.
pub async fn is_http2_preface(stream: &TcpStream, wait: std::time::Duration) -> bool {
    let mut start = [0u8; 3];
    let peeked = tokio::time::timeout(wait, async {
        loop {
            match stream.peek(&mut start).await {
                Ok(n) if n >= 3 => return true,
                Ok(0) | Err(_) => return false,
                Ok(_) => tokio::time::sleep(std::time::Duration::from_millis(5)).await,
            }
        }
    })
    .await;
    peeked == Ok(true) && &start == b"PRI"
}

/// Raises the process's limit of open files to its hard limit (Unix), and answers how many
/// connections fit in it: `wanted`, or fewer if the system allows fewer files.
pub fn fit_file_limit(wanted: usize) -> usize {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit and setrlimit read and write the struct given, nothing else.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
                return wanted;
            }
            if limit.rlim_cur < limit.rlim_max {
                let raised = libc::rlimit { rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                    limit = raised;
                }
            }
        }
        // rlim_t is u64 on Linux, not on every Unix.
        #[allow(clippy::unnecessary_cast)]
        let usable = (limit.rlim_cur as u64).saturating_sub(RESERVED_FILES);
        wanted.min(usize::try_from(usable).unwrap_or(usize::MAX))
    }
    #[cfg(not(unix))]
    {
        wanted
    }
}
