//! The sockets of a fetch (the standard library's `std::net`): connections opened within
//! the fetch's time-out, every read and write bounded by the time left, every byte
//! counted as it arrives, lines read up to a limit, the body written up to the size limit.

use super::error::FetchErrorKind;
use super::transcript::{Event, Transcript};
use std::io::{self, Read, Write};
use std::net::{IpAddr, Shutdown, SocketAddr, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

/// How many bytes one read asks for.
const CHUNK: usize = 16 * 1024;

/// What one fetch shares between its connections: the clock, the limits, the transcript,
/// and where the body goes.
pub(crate) struct Session<'s> {
    pub(crate) transcript: Transcript,
    started: Instant,
    deadline: Instant,
    limit: Duration,
    max_size: u64,
    sink: &'s mut dyn Write,
}

impl<'s> Session<'s> {
    pub(crate) fn new(limit: Duration, max_size: u64, sink: &'s mut dyn Write) -> Session<'s> {
        let started = Instant::now();
        Session {
            transcript: Transcript::default(),
            started,
            deadline: started + limit,
            limit,
            max_size,
            sink,
        }
    }

    /// The transcript, with the time so far.
    pub(crate) fn finish(&mut self) -> Transcript {
        self.transcript.elapsed = self.started.elapsed();
        std::mem::take(&mut self.transcript)
    }

    /// The time left, or the time-out's error.
    fn left(&self, waiting_for: &str) -> Result<Duration, FetchErrorKind> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        match left.is_zero() {
            true => Err(self.timeout(waiting_for)),
            false => Ok(left),
        }
    }

    fn timeout(&self, waiting_for: &str) -> FetchErrorKind {
        FetchErrorKind::Timeout {
            waiting_for: waiting_for.to_owned(),
            limit: self.limit,
        }
    }

    /// Writes body bytes, if the body stays within the size limit.
    pub(crate) fn body(&mut self, bytes: &[u8]) -> Result<(), FetchErrorKind> {
        self.check_size(bytes.len() as u64)?;
        self.sink
            .write_all(bytes)
            .map_err(|error| FetchErrorKind::Output {
                message: error.to_string(),
            })?;
        self.transcript.body_bytes += bytes.len() as u64;
        Ok(())
    }

    /// An error when `more` bytes of body would pass the size limit.
    pub(crate) fn check_size(&self, more: u64) -> Result<(), FetchErrorKind> {
        match self.transcript.body_bytes.saturating_add(more) > self.max_size {
            true => Err(self.too_large()),
            false => Ok(()),
        }
    }

    /// The error of a body past the size limit.
    fn too_large(&self) -> FetchErrorKind {
        FetchErrorKind::TooLarge {
            what: "the body".to_owned(),
            limit: self.max_size,
        }
    }

    /// Flushes the body's output.
    pub(crate) fn flush(&mut self) -> Result<(), FetchErrorKind> {
        self.sink.flush().map_err(|error| FetchErrorKind::Output {
            message: error.to_string(),
        })
    }
}

/// One TCP connection, read through a buffer.
pub(crate) struct Connection {
    stream: TcpStream,
    buffer: Vec<u8>,
    start: usize,
    end: usize,
    peer: SocketAddr,
}

impl Connection {
    /// Connects to `host:port`, trying each address the name resolves to, within the
    /// time left.
    pub(crate) fn open(
        session: &mut Session<'_>,
        host: &str,
        port: u16,
        purpose: &'static str,
    ) -> Result<Connection, FetchErrorKind> {
        let addresses: Vec<SocketAddr> = match host.parse::<IpAddr>() {
            Ok(ip) => vec![SocketAddr::new(ip, port)],
            Err(_) => (host, port)
                .to_socket_addrs()
                .map_err(|error| FetchErrorKind::Unresolved {
                    host: host.to_owned(),
                    message: error.to_string(),
                })?
                .collect(),
        };
        let mut last = FetchErrorKind::Unresolved {
            host: host.to_owned(),
            message: "no address".to_owned(),
        };
        for address in addresses {
            match Connection::open_address(session, address, purpose) {
                Ok(connection) => return Ok(connection),
                Err(error) => last = error,
            }
        }
        Err(last)
    }

    /// Connects to `address` within the time left.
    pub(crate) fn open_address(
        session: &mut Session<'_>,
        address: SocketAddr,
        purpose: &'static str,
    ) -> Result<Connection, FetchErrorKind> {
        let waiting_for = format!("the connection to {address}");
        let left = session.left(&waiting_for)?;
        let stream =
            TcpStream::connect_timeout(&address, left).map_err(|error| match error.kind() {
                io::ErrorKind::ConnectionRefused => FetchErrorKind::ConnectionRefused { address },
                io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => {
                    session.timeout(&waiting_for)
                }
                _ => FetchErrorKind::Network {
                    during: format!("connecting to {address}"),
                    message: error.to_string(),
                },
            })?;
        let _ = stream.set_nodelay(true);
        session
            .transcript
            .push(Event::Connected { address, purpose });
        Ok(Connection {
            stream,
            buffer: vec![0; CHUNK],
            start: 0,
            end: 0,
            peer: address,
        })
    }

    /// The address connected to.
    pub(crate) fn peer(&self) -> SocketAddr {
        self.peer
    }

    /// Reads more into the buffer (which the caller emptied or wants to grow); `false` at
    /// the end of the stream.
    fn fill(
        &mut self,
        session: &mut Session<'_>,
        waiting_for: &str,
    ) -> Result<bool, FetchErrorKind> {
        if self.start > 0 {
            self.buffer.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        if self.end == self.buffer.len() {
            self.buffer.resize(self.buffer.len() + CHUNK, 0);
        }
        loop {
            let left = session.left(waiting_for)?;
            self.stream
                .set_read_timeout(Some(left))
                .map_err(|error| network(&format!("waiting for {waiting_for}"), &error))?;
            match self.stream.read(&mut self.buffer[self.end..]) {
                Ok(0) => return Ok(false),
                Ok(read) => {
                    self.end += read;
                    session.transcript.received_bytes += read as u64;
                    return Ok(true);
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error)
                    if matches!(
                        error.kind(),
                        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                    ) =>
                {
                    return Err(session.timeout(waiting_for))
                }
                Err(error) => return Err(network(&format!("waiting for {waiting_for}"), &error)),
            }
        }
    }

    /// One line, its end (LF, and a CR before it) included; `None` when the stream ends
    /// before any byte of it. A line longer than `max` bytes is [`TooLarge`]; a stream
    /// that ends inside a line is a [`ShortRead`].
    ///
    /// [`TooLarge`]: FetchErrorKind::TooLarge
    /// [`ShortRead`]: FetchErrorKind::ShortRead
    pub(crate) fn read_line(
        &mut self,
        session: &mut Session<'_>,
        max: usize,
        waiting_for: &str,
    ) -> Result<Option<Vec<u8>>, FetchErrorKind> {
        let mut searched = 0;
        loop {
            let buffered = &self.buffer[self.start..self.end];
            if let Some(at) = memchr::memchr(b'\n', &buffered[searched..]) {
                let length = searched + at + 1;
                if length > max {
                    return Err(too_long(waiting_for, max));
                }
                let line = buffered[..length].to_vec();
                self.start += length;
                return Ok(Some(line));
            }
            searched = buffered.len();
            if searched > max {
                return Err(too_long(waiting_for, max));
            }
            if !self.fill(session, waiting_for)? {
                let rest = self.end - self.start;
                return match rest {
                    0 => Ok(None),
                    _ => Err(FetchErrorKind::ShortRead {
                        what: format!("{waiting_for}: a line without its end"),
                        received: rest as u64,
                    }),
                };
            }
        }
    }

    /// One line of a body read line by line (an NNTP article, a Gopher+ text), its end
    /// included: at most what the size limit leaves, and two bytes for its end. A longer
    /// line is the body's [`TooLarge`], which names the size limit (not what was left of
    /// it).
    ///
    /// [`TooLarge`]: FetchErrorKind::TooLarge
    pub(crate) fn read_body_line(
        &mut self,
        session: &mut Session<'_>,
        waiting_for: &str,
    ) -> Result<Option<Vec<u8>>, FetchErrorKind> {
        let left = session
            .max_size
            .saturating_sub(session.transcript.body_bytes);
        let max = usize::try_from(left.saturating_add(2)).unwrap_or(usize::MAX);
        self.read_line(session, max, waiting_for)
            .map_err(|error| match error {
                FetchErrorKind::TooLarge { .. } => session.too_large(),
                error => error,
            })
    }

    /// The next bytes, as many as are there (at most `max`); `None` at the end of the
    /// stream.
    pub(crate) fn read_some(
        &mut self,
        session: &mut Session<'_>,
        max: usize,
        waiting_for: &str,
    ) -> Result<Option<Vec<u8>>, FetchErrorKind> {
        if self.start == self.end && !self.fill(session, waiting_for)? {
            return Ok(None);
        }
        let take = (self.end - self.start).min(max.max(1));
        let bytes = self.buffer[self.start..self.start + take].to_vec();
        self.start += take;
        Ok(Some(bytes))
    }

    /// Sends one line (recorded in the transcript; `hidden`: only its command, a
    /// password's line).
    pub(crate) fn send_line(
        &mut self,
        session: &mut Session<'_>,
        line: &[u8],
        hidden: bool,
    ) -> Result<(), FetchErrorKind> {
        let shown = match hidden {
            true => line
                .iter()
                .position(|&byte| byte == b' ')
                .map_or(line, |space| &line[..=space]),
            false => line,
        };
        session.transcript.sent(shown, hidden);
        self.send(session, line)
    }

    /// Sends bytes.
    pub(crate) fn send(
        &mut self,
        session: &mut Session<'_>,
        bytes: &[u8],
    ) -> Result<(), FetchErrorKind> {
        let waiting_for = "the server to take the request";
        let left = session.left(waiting_for)?;
        self.stream
            .set_write_timeout(Some(left))
            .map_err(|error| network("sending the request", &error))?;
        self.stream
            .write_all(bytes)
            .map_err(|error| match error.kind() {
                io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => session.timeout(waiting_for),
                _ => network("sending the request", &error),
            })?;
        session.transcript.sent_bytes += bytes.len() as u64;
        Ok(())
    }

    /// Closes both directions.
    pub(crate) fn close(self) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}

fn network(during: &str, error: &io::Error) -> FetchErrorKind {
    FetchErrorKind::Network {
        during: during.to_owned(),
        message: error.to_string(),
    }
}

fn too_long(waiting_for: &str, max: usize) -> FetchErrorKind {
    FetchErrorKind::TooLarge {
        what: format!("a line of {waiting_for}"),
        limit: max as u64,
    }
}
