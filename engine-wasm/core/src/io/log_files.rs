//! The online redo logs on their devices: which device holds a group, the
//! log switch's header write, `ALTER DATABASE ADD / DROP LOGFILE`.

use super::device::{IoKind, IoPurpose, IoRequest};
use super::layer::IoLayer;
use super::redo::{AddLogError, DropLogError, LogGroup, LogStatus, LOG_FILE_BASE, MAX_LOG_GROUPS};
use crate::sim::SimTime;

impl IoLayer {
    pub(crate) fn log_device(&self, g: &LogGroup) -> usize {
        self.devices.iter().position(|d| d.name().eq_ignore_ascii_case(&g.device)).unwrap_or(0)
    }

    /// Switch to the next group: the new log's header block is written
    /// first. Returns when LGWR can write into it.
    pub(crate) fn switch_log(&mut self, at: SimTime) -> SimTime {
        let r = &mut self.redo;
        let n = r.groups.len();
        for g in r.groups.iter_mut() {
            if g.status == LogStatus::Active {
                g.status = LogStatus::Inactive;
            }
        }
        r.groups[r.current].status = LogStatus::Active;
        r.current = (r.current + 1) % n;
        let seq = r.next_sequence;
        r.next_sequence += 1;
        let g = &mut r.groups[r.current];
        g.status = LogStatus::Current;
        g.sequence = seq;
        r.used_blocks = 1;
        r.lgwr.switches += 1;
        r.switch_checkpoint = Some(r.switch_checkpoint.map_or(at, |t| t.max(at)));
        let g = &self.redo.groups[self.redo.current];
        let dev = self.log_device(g);
        let req = IoRequest::at(IoKind::Write, LOG_FILE_BASE + g.group, 0, 1, g.block_size, IoPurpose::Redo);
        self.frame(at);
        self.devices[dev].submit(&req, at)
    }

    /// `ALTER DATABASE ADD LOGFILE [GROUP n] ('+dev') SIZE s BLOCKSIZE b`.
    /// The caller has checked the device, the size and the block size.
    pub fn add_log_group(
        &mut self,
        group: Option<u32>,
        device: &str,
        bytes: u64,
        block_size: u32,
    ) -> Result<u32, AddLogError> {
        if self.redo.groups.len() >= MAX_LOG_GROUPS {
            return Err(AddLogError::TooMany);
        }
        let g = match group {
            Some(g) if self.redo.groups.iter().any(|x| x.group == g) => return Err(AddLogError::GroupExists(g)),
            Some(g) => g,
            None => (1..).find(|g| !self.redo.groups.iter().any(|x| x.group == *g)).unwrap_or(1),
        };
        let cur = self.redo.groups[self.redo.current].group;
        self.redo.groups.push(LogGroup {
            group: g,
            device: device.to_string(),
            bytes,
            block_size,
            sequence: 0,
            status: LogStatus::Unused,
        });
        self.redo.groups.sort_by_key(|x| x.group);
        self.redo.current = self.redo.groups.iter().position(|x| x.group == cur).unwrap_or(0);
        Ok(g)
    }

    /// `ALTER DATABASE DROP LOGFILE GROUP n`.
    pub fn drop_log_group(&mut self, group: u32) -> Result<(), DropLogError> {
        let r = &mut self.redo;
        let Some(i) = r.groups.iter().position(|x| x.group == group) else {
            return Err(DropLogError::NoSuchGroup);
        };
        match r.groups[i].status {
            LogStatus::Current => return Err(DropLogError::Current),
            LogStatus::Active => return Err(DropLogError::Active),
            _ => {}
        }
        if r.groups.len() <= 2 {
            return Err(DropLogError::LastTwo);
        }
        let cur = r.groups[r.current].group;
        r.groups.remove(i);
        r.current = r.groups.iter().position(|x| x.group == cur).unwrap_or(0);
        Ok(())
    }
}
