//! The online redo logs from SQL: `ALTER DATABASE ADD|DROP LOGFILE`,
//! `ALTER SYSTEM SWITCH LOGFILE`.

use super::*;
use crate::io::redo::{AddLogError, DropLogError, MAX_LOG_GROUPS, MIN_LOG_BYTES};

/// Every lab device reports 512-byte sectors (media and host), as the
/// Exadata F20 flash modules did in Harrison's test.
pub const DEVICE_SECTOR_BYTES: u64 = 512;

impl Run<'_> {
    pub(super) fn alter_database(&mut self, a: &AlterDatabase) -> Result<Outcome, LabError> {
        match a {
            AlterDatabase::AddLogfile { group, file, file_pos, size, block_size } => {
                let Some(dg) = crate::io::disk_group(file) else {
                    return Err(LabError::unsupported(
                        "files outside ASM disk groups (name them '+DISKGROUP')",
                        *file_pos,
                    ));
                };
                let Some(device) = self.inst.io.device(dg).map(|d| d.name().to_string()) else {
                    return Err(LabError::with_args(ora::DISKGROUP_DOES_NOT_EXIST, &[&dg.to_uppercase()], *file_pos));
                };
                let (bs, bs_pos) = block_size.unwrap_or((DEVICE_SECTOR_BYTES, *file_pos));
                if ![512, 1024, 4096].contains(&bs) {
                    return Err(LabError::new(ora::INVALID_LOG_BLOCK_SIZE, bs_pos));
                }
                // A log block smaller or larger than the device's sector is
                // refused unless _disk_sector_size_override is set.
                let overridden = self
                    .inst
                    .params
                    .current
                    .other
                    .get("_disk_sector_size_override")
                    .is_some_and(|v| matches!(v.to_ascii_uppercase().as_str(), "TRUE" | "1"));
                if bs != DEVICE_SECTOR_BYTES && !overridden {
                    return Err(LabError::with_args(
                        ora::LOG_BLOCK_SIZE_SECTOR_MISMATCH,
                        &[&bs, &file.to_uppercase(), &DEVICE_SECTOR_BYTES, &DEVICE_SECTOR_BYTES],
                        bs_pos,
                    ));
                }
                if *size < MIN_LOG_BYTES {
                    return Err(LabError::with_args(
                        ora::LOG_FILE_TOO_SMALL,
                        &[&(size / bs), &(MIN_LOG_BYTES / bs)],
                        *file_pos,
                    ));
                }
                if let Some((g, pos)) = group {
                    if *g as usize > MAX_LOG_GROUPS {
                        return Err(LabError::with(ora::LOG_GROUP_NUMBER_INVALID, g, *pos));
                    }
                }
                match self.inst.io.add_log_group(group.map(|g| g.0), &device, *size, bs as u32) {
                    Ok(_) => Ok(Outcome { feedback: Some("Database altered.".into()), ..Default::default() }),
                    Err(AddLogError::GroupExists(g)) => {
                        Err(LabError::with(ora::LOG_GROUP_EXISTS, g, group.map(|g| g.1).unwrap_or(*file_pos)))
                    }
                    Err(AddLogError::TooMany) => {
                        Err(LabError::with(ora::LAB_TOO_MANY_LOG_GROUPS, MAX_LOG_GROUPS, *file_pos))
                    }
                }
            }
            // Handled where statements are dispatched.
            AlterDatabase::DefaultTemporaryTablespace(ts) => {
                Err(LabError::unsupported("ALTER DATABASE DEFAULT TEMPORARY TABLESPACE here", ts.pos))
            }
            AlterDatabase::DropLogfile { group, pos } => match self.inst.io.drop_log_group(*group) {
                Ok(()) => Ok(Outcome { feedback: Some("Database altered.".into()), ..Default::default() }),
                Err(e) => {
                    let entry = match e {
                        DropLogError::NoSuchGroup => {
                            return Err(LabError::with(ora::LAB_NO_SUCH_LOG_GROUP, group, *pos))
                        }
                        DropLogError::Current => ora::LOG_IS_CURRENT,
                        DropLogError::Active => ora::LOG_NEEDED_FOR_RECOVERY,
                        DropLogError::LastTwo => ora::LOG_LAST_TWO,
                    };
                    Err(LabError::with_args(entry, &[group, &"lab", &1], *pos))
                }
            },
        }
    }

    /// `ALTER SYSTEM SWITCH LOGFILE`: LGWR writes the log buffer and
    /// switches; the statement returns when the switch is done.
    pub(super) fn switch_logfile(&mut self) -> Outcome {
        let t = self.inst.lgwr_timing();
        let now = self.s.cost.now;
        let done = self.inst.io.switch_logfile(now, &t);
        self.inst.switch_checkpoint();
        let stack = self.s.cost.stack("oracle;opitsk;opiodr;opiexe;kksExecuteCommand;kcrfsw");
        self.s.cost.charge(stack, done.since(now));
        Outcome { feedback: Some("System altered.".into()), ..Default::default() }
    }
}
