//! A source that hands its bytes over `n` at a time, as a pipe or a slow socket may: the
//! tests and fuzz targets that read streams check that what they find does not depend on
//! the read sizes. (The fuzz targets include this file by its path.)

use std::io::{BufRead, Read};

/// `Pieces(bytes, n)`: `bytes`, at most `n` at a time, by [`Read`] and by [`BufRead`] (a
/// buffer of at most `n` bytes, so that a search in place meets its end every `n` bytes).
pub struct Pieces<'a>(pub &'a [u8], pub usize);

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.1.min(buf.len()).min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

impl BufRead for Pieces<'_> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        Ok(&self.0[..self.1.min(self.0.len())])
    }

    fn consume(&mut self, amount: usize) {
        self.0 = &self.0[amount..];
    }
}
