//! A source that hands its bytes over `n` at a time, as a pipe or a slow socket may: the
//! targets that read streams check that what they find does not depend on the read sizes.

use std::io::Read;

/// `Pieces(bytes, n)`: `bytes`, at most `n` at a time.
pub struct Pieces<'a>(pub &'a [u8], pub usize);

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.1.min(buf.len()).min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}
