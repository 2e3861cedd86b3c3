//! How a run ended: its exit status, the same in every mode.

/// How a run ended: the exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Status {
    /// Every input valid (for `extract` and `links`: every file read).
    Valid,
    /// Some input invalid.
    Invalid,
    /// Some file could not be read.
    Unreadable,
}

impl Status {
    /// Both statuses: a file that could not be read wins over an invalid input.
    pub(crate) fn and(self, other: Status) -> Status {
        match (self, other) {
            (Status::Unreadable, _) | (_, Status::Unreadable) => Status::Unreadable,
            (Status::Invalid, _) | (_, Status::Invalid) => Status::Invalid,
            _ => Status::Valid,
        }
    }

    /// The status of `extract` and `links`: `Invalid` when asked and something was.
    pub(crate) fn failing_on_invalid(self, invalid: bool) -> Status {
        match invalid {
            true => self.and(Status::Invalid),
            false => self,
        }
    }
}

impl From<bool> for Status {
    fn from(all_valid: bool) -> Status {
        if all_valid {
            Status::Valid
        } else {
            Status::Invalid
        }
    }
}
