//! The wait events, declared once: each event's V$EVENT_NAME name, its
//! wait class and the lane of a session's timeline it is drawn in; and the
//! timeline's lanes (CPU, the run queue, the waits). V$SESSION_EVENT,
//! V$SYSTEM_EVENT, a step's `waits`, the timeline and the renderer's
//! generated TypeScript (`trace/contract.rs`) all read these tables.

/// V$EVENT_NAME.WAIT_CLASS.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WaitClass {
    UserIo,
    SystemIo,
    Commit,
    Network,
    Idle,
    Concurrency,
    Application,
    Other,
}

impl WaitClass {
    /// Oracle's spelling.
    pub const fn name(self) -> &'static str {
        match self {
            WaitClass::UserIo => "User I/O",
            WaitClass::SystemIo => "System I/O",
            WaitClass::Commit => "Commit",
            WaitClass::Network => "Network",
            WaitClass::Idle => "Idle",
            WaitClass::Concurrency => "Concurrency",
            WaitClass::Application => "Application",
            WaitClass::Other => "Other",
        }
    }
}

/// A lane of a session's timeline: its TypeScript name, the index a
/// stretch carries (`sessions[].timeline`) and its legend. A lane whose
/// label is empty holds one wait event and is named after it.
#[derive(Debug, Clone, Copy)]
pub struct Lane {
    pub name: &'static str,
    pub value: u8,
    pub label: &'static str,
}

macro_rules! lanes {
    ($($name:ident = $value:literal, $label:literal;)*) => {
        /// The lanes of a session's timeline, by the index a stretch carries.
        pub mod lane {
            $(pub const $name: u8 = $value;)*
        }
        /// Every lane, in index order.
        pub const LANES: &[Lane] = &[$(Lane { name: stringify!($name), value: $value, label: $label }),*];
    };
}

lanes! {
    CPU = 0, "CPU";
    RUN_QUEUE = 1, "CPU run queue";
    LATCH_CBC = 2, "";
    BUFFER_BUSY = 3, "";
    DB_FILE_SEQUENTIAL_READ = 4, "";
    LOG_FILE_SYNC = 5, "";
    SQLNET_FROM_CLIENT = 6, "";
    DIRECT_PATH_TEMP = 7, "direct path read/write temp";
    DB_FILE_SCATTERED_READ = 8, "";
    DIRECT_PATH_READ = 9, "";
    FREE_BUFFER_WAITS = 10, "";
    ENQ_KO = 11, "";
    RDBMS_IPC_REPLY = 12, "";
    CELL_SINGLE_BLOCK = 13, "";
    CELL_MULTIBLOCK = 14, "";
    CELL_SMART_TABLE_SCAN = 15, "";
    FLASH_CACHE_SINGLE_BLOCK = 16, "";
    DIRECT_PATH_WRITE = 17, "";
}

/// The lanes that hold wait events (every lane but CPU and the run queue).
pub const WAIT_LANES: std::ops::Range<u8> = lane::LATCH_CBC..LANES.len() as u8;

macro_rules! waits {
    ($($(#[$doc:meta])* $v:ident = $name:literal, $class:ident, $lane:expr;)*) => {
        /// The wait events the lab models, in V$EVENT_NAME order.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum WaitEvent { $($(#[$doc])* $v),* }

        impl WaitEvent {
            pub const COUNT: usize = [$(stringify!($v)),*].len();
            pub const ALL: [WaitEvent; WaitEvent::COUNT] = [$(WaitEvent::$v),*];
            /// The V$EVENT_NAME name.
            pub const fn name(self) -> &'static str {
                match self { $(WaitEvent::$v => $name),* }
            }
            pub const fn class(self) -> WaitClass {
                match self { $(WaitEvent::$v => WaitClass::$class),* }
            }
            /// The timeline lane a session's wait is drawn in; None for the
            /// background processes' waits and for SQL*Net message to client
            /// (handing a reply to the network: no time on the clock).
            pub const fn lane(self) -> Option<u8> {
                match self { $(WaitEvent::$v => $lane),* }
            }
        }
    };
}

waits! {
    DbFileSequentialRead = "db file sequential read", UserIo, Some(lane::DB_FILE_SEQUENTIAL_READ);
    LogFileSync = "log file sync", Commit, Some(lane::LOG_FILE_SYNC);
    SqlNetMessageToClient = "SQL*Net message to client", Network, None;
    SqlNetMessageFromClient = "SQL*Net message from client", Idle, Some(lane::SQLNET_FROM_CLIENT);
    LatchCacheBuffersChains = "latch: cache buffers chains", Concurrency, Some(lane::LATCH_CBC);
    BufferBusyWaits = "buffer busy waits", Concurrency, Some(lane::BUFFER_BUSY);
    /// LGWR's write (a background wait: never a session's).
    LogFileParallelWrite = "log file parallel write", SystemIo, None;
    DirectPathReadTemp = "direct path read temp", UserIo, Some(lane::DIRECT_PATH_TEMP);
    DirectPathWriteTemp = "direct path write temp", UserIo, Some(lane::DIRECT_PATH_TEMP);
    DbFileScatteredRead = "db file scattered read", UserIo, Some(lane::DB_FILE_SCATTERED_READ);
    DirectPathRead = "direct path read", UserIo, Some(lane::DIRECT_PATH_READ);
    FreeBufferWaits = "free buffer waits", Other, Some(lane::FREE_BUFFER_WAITS);
    EnqKoFastObjectCheckpoint = "enq: KO - fast object checkpoint", Application, Some(lane::ENQ_KO);
    RdbmsIpcReply = "rdbms ipc reply", Other, Some(lane::RDBMS_IPC_REPLY);
    CellSingleBlockPhysicalRead = "cell single block physical read", UserIo, Some(lane::CELL_SINGLE_BLOCK);
    CellMultiblockPhysicalRead = "cell multiblock physical read", UserIo, Some(lane::CELL_MULTIBLOCK);
    CellSmartTableScan = "cell smart table scan", UserIo, Some(lane::CELL_SMART_TABLE_SCAN);
    DbFlashCacheSingleBlockPhysicalRead =
        "db flash cache single block physical read", UserIo, Some(lane::FLASH_CACHE_SINGLE_BLOCK);
    /// DBWR's write (a background wait: never a session's).
    DbFileParallelWrite = "db file parallel write", SystemIo, None;
    /// A direct-path load's writes of its own blocks.
    DirectPathWrite = "direct path write", UserIo, Some(lane::DIRECT_PATH_WRITE);
}

impl WaitEvent {
    /// V$EVENT_NAME.WAIT_CLASS.
    pub const fn wait_class(self) -> &'static str {
        self.class().name()
    }
}

/// The legend of lane `value`: its own label, or its one wait's name.
pub const fn lane_label(value: u8) -> &'static str {
    let l = &LANES[value as usize];
    if !l.label.is_empty() {
        return l.label;
    }
    let mut i = 0;
    while i < WaitEvent::COUNT {
        let e = WaitEvent::ALL[i];
        if let Some(v) = e.lane() {
            if v == value {
                return e.name();
            }
        }
        i += 1;
    }
    ""
}
