//! The client and Oracle Net: which client path a call comes from, the
//! stacks each path charges to, and the round trips (or bequeath pipe
//! trips) with their message sizes.

pub(crate) use super::types::{CallStacks, Client};
use super::Run;
use crate::sim::cost::StackId;
use crate::sim::GridUs;
use crate::trace::kind;

// Oracle Net message sizes in bytes (model values, of the order autotrace
// shows for a one-row query: ~550 bytes sent, ~400 received, 2 round trips).
/// Request carrying parse + execute + first fetch (plus the SQL text).
pub(crate) const NET_EXECUTE_REQUEST: u64 = 250;
/// Request for a further fetch.
pub(crate) const NET_FETCH_REQUEST: u64 = 115;
/// First reply: header and status...
pub(crate) const NET_FIRST_REPLY: u64 = 300;
/// ...plus the describe of each select-list column.
pub(crate) const NET_DESCRIBE_PER_COLUMN: u64 = 40;
/// Reply to a further fetch (header, end-of-fetch status).
pub(crate) const NET_FETCH_REPLY: u64 = 150;
/// Framing per row returned.
pub(crate) const NET_ROW_FRAMING: u64 = 4;
/// Reply to a call that returns no rows (DDL, DML, PL/SQL).
pub(crate) const NET_CALL_REPLY: u64 = 200;
/// Bind data per row of an array insert.
pub(crate) const NET_BIND_ROW: u64 = 24;

/// The message sizes of one client's calls (bytes; model values).
#[derive(Debug, Clone, Copy)]
pub(crate) struct NetSizes {
    /// A parse + execute + first fetch request, before the SQL text.
    pub execute_request: u64,
    /// A further fetch request.
    pub fetch_request: u64,
    /// The first reply's header and status, before the describe.
    pub first_reply: u64,
    /// The describe of one select-list column.
    pub describe_per_column: u64,
    /// A further fetch's reply header (and end-of-fetch status).
    pub fetch_reply: u64,
    /// Framing per row returned.
    pub row_framing: u64,
}

/// SQL*Plus, OCI and the JDBC drivers of `LAB RUN`.
pub(crate) const CLASSIC_SIZES: NetSizes = NetSizes {
    execute_request: NET_EXECUTE_REQUEST,
    fetch_request: NET_FETCH_REQUEST,
    first_reply: NET_FIRST_REPLY,
    describe_per_column: NET_DESCRIBE_PER_COLUMN,
    fetch_reply: NET_FETCH_REPLY,
    row_framing: NET_ROW_FRAMING,
};

/// SQLcl's JDBC thin requests are shorter. A further fetch is the thin
/// driver's OFETCH (TTC function 5; the 18.3 driver's `T4C8Oall.marshal`
/// for function 5): the function header (message type, function code,
/// sequence number: 3 bytes), then the cursor id and the row count as TTC
/// ub4s (a length byte and one value byte each while both are under 256):
/// 7 bytes. `bytes received via SQL*Net from client` counts no Oracle Net
/// framing: seed 000's MemOptimized hit, one more call of that size (its
/// own round trip) than the miss, receives 605 bytes against 598, 7 more.
/// The execute request (before the statement's text) is fitted to the
/// seed's miss: 598 = 40 fetches x 7 + the 8-byte close-cursors piggyback
/// (session/sqlcl.rs) + the 31-character statement + two executes (the
/// statement's and SQLcl's second snapshot), 139.5 bytes each, taken as
/// 140. A 19c listing's window (36 fetches, a 51-character statement,
/// 578 bytes) then comes out 13 bytes high: its window carries 12 bytes
/// fewer than the seed's besides the fetches and the text (docs/MODEL.md,
/// "SQLcl's own traffic"). The replies are the classic ones.
pub(crate) const SQLCL_SIZES: NetSizes = NetSizes { execute_request: 140, fetch_request: 7, ..CLASSIC_SIZES };

impl Client {
    /// The sizes of this client's Oracle Net messages.
    pub(crate) fn net_sizes(self) -> &'static NetSizes {
        match self {
            Client::Sqlcl => &SQLCL_SIZES,
            _ => &CLASSIC_SIZES,
        }
    }
}

/// `SQL*Net message to client` per round trip (declared with the ledger).
pub(crate) use crate::stats::ledger::NET_TO_CLIENT_US;

impl Run<'_> {
    /// The interned stacks of a client path (interned once per client;
    /// stack ids survive version changes and restarts, which keep the cost model).
    pub(super) fn call_stacks(&mut self, client: Client) -> CallStacks {
        let slot = client as usize;
        if let Some(cs) = self.s.call_stack_cache[slot] {
            return cs;
        }
        let cs = self.intern_call_stacks(client);
        self.s.call_stack_cache[slot] = Some(cs);
        cs
    }

    pub(super) fn intern_call_stacks(&mut self, client: Client) -> CallStacks {
        let c = &mut self.s.cost;
        let client_id = c.stack(client.frame());
        let net = if client.networked() {
            c.stack("network;oracle_net_roundtrip")
        } else {
            c.stack("ipc;bequeath_pipe_roundtrip")
        };
        let server_net = c.stack("oracle;opitsk;opikndf2;nsbasic");
        let (parse, hard_parse, execute, fetch) = if client == Client::Plsql {
            (
                c.stack("oracle;opitsk;opiodr;opiexe;pfrrun;kkxsexe;kksParseCursor"),
                c.stack("oracle;opitsk;opiodr;opiexe;pfrrun;kkxsexe;kksParseCursor;kkshhcdo;opiosq0"),
                c.stack("oracle;opitsk;opiodr;opiexe;pfrrun;kkxsexe;opiexe"),
                c.stack("oracle;opitsk;opiodr;opiexe;pfrrun;kkxsexe;opifch2"),
            )
        } else {
            (
                c.stack("oracle;opitsk;opiodr;kksParseCursor"),
                c.stack("oracle;opitsk;opiodr;kksParseCursor;kkshhcdo;opiosq0"),
                c.stack("oracle;opitsk;opiodr;opiexe"),
                c.stack("oracle;opitsk;opiodr;opifch2"),
            )
        };
        let plsql_switch = c.stack("oracle;opitsk;opiodr;opiexe;pfrrun;plsql_sql_switch");
        let memopt_call = c.stack("oracle;opitsk;opiodr;opiexe;kpoxihExecute");
        let thin_memopt_client = c.stack("java;T4CPreparedStatement.executeForRows;T4CTTIfch.doRPC");
        let fetch_cursor = c.child(fetch, "kksumc");
        let user_call_begin = c.stack("oracle;opitsk;opiodr;ksupucg");
        let user_call_end = c.stack("oracle;opitsk;opiodr;ksupop");
        CallStacks {
            client: client_id,
            net,
            server_net,
            parse,
            hard_parse,
            execute,
            fetch,
            plsql_switch,
            memopt_call,
            thin_memopt_client,
            fetch_cursor,
            user_call_begin,
            user_call_end,
        }
    }

    /// A user call that is its own round trip (DDL, DML from SQL*Plus).
    pub(super) fn user_call_roundtrip(&mut self, client: Client, text_len: usize) {
        let cs = self.call_stacks(client);
        self.roundtrip(client, &cs, NET_CALL_REPLY, client.net_sizes().execute_request + text_len as u64);
    }

    /// One network round trip (or, for bequeath, a pipe round trip).
    #[inline]
    pub(super) fn roundtrip(&mut self, client: Client, cs: &CallStacks, bytes_out: u64, bytes_in: u64) {
        if client == Client::Plsql {
            return;
        }
        if client == Client::Sqlcl && self.s.thin_closes.pending > 0 {
            self.close_cursors_piggyback(cs);
        }
        let g = &self.inst.cost_params.grid;
        let client_us = match client {
            Client::JdbcThin | Client::Sqlcl => g.jdbc_thin_call_us,
            Client::JdbcOciNet => g.jdbc_oci_call_us,
            Client::JdbcOciBequeath => g.jdbc_oci_call_us,
            _ => g.sqlplus_call_us,
        };
        self.user_call_trip(client, cs, (cs.client, client_us), bytes_out, bytes_in);
    }

    /// JDBC thin's second call after a MemOptimized read (18c: the driver
    /// has no fast-lookup protocol, see `jdbc_thin_memopt_client_us`): a
    /// short call of the driver's own, its round trip and user call, and
    /// on the server its decoding (opikndf2) and the cursor's bookkeeping
    /// (kksumc under the fetch call).
    pub(super) fn thin_memopt_second_call(&mut self, client: Client, cs: &CallStacks) {
        let g = &self.inst.cost_params.grid;
        let (client_us, net_us, cursor_us) =
            (g.jdbc_thin_memopt_client_us, g.thin_memopt_net_us, g.thin_memopt_cursor_us);
        self.s.cost.charge_parts(&[(cs.server_net, net_us), (cs.fetch_cursor, cursor_us)]);
        let sizes = client.net_sizes();
        self.user_call_trip(client, cs, (cs.thin_memopt_client, client_us), sizes.fetch_reply, sizes.fetch_request);
    }

    /// One user call in its own round trip: its statistics and its time,
    /// the client's side (`client`: its stack and microseconds), the wire,
    /// and the server's (its Net path in opikndf2 and the user call's
    /// begin and end).
    fn user_call_trip(
        &mut self,
        who: Client,
        cs: &CallStacks,
        client: (StackId, GridUs),
        bytes_out: u64,
        bytes_in: u64,
    ) {
        self.s.stats.calls.user_calls += 1;
        self.s.stats.calls.roundtrips += 1;
        self.s.stats.calls.bytes_sent += bytes_out;
        self.s.stats.calls.bytes_received += bytes_in;
        let p = &self.inst.cost_params;
        // On the clock's grid: the ledger's waits are what the clock moved.
        let net_us = if who.networked() {
            GridUs::of(
                p.network_rtt_us
                    + (bytes_out + bytes_in) as f64 / p.network_bytes_per_us
                    + window_stall_us(p, bytes_out),
            )
        } else {
            p.grid.bequeath_ipc_us
        };
        let (client_stack, client_us) = client;
        let g = &p.grid;
        let (server_us, begin_us, end_us) = (g.net_server_us, g.user_call_begin_us, g.user_call_end_us);
        self.s.cost.charge_idle(client_stack, client_us);
        self.s.cost.charge_idle(cs.net, net_us);
        self.s.cost.charge_parts(&[
            (cs.server_net, server_us),
            (cs.user_call_begin, begin_us),
            (cs.user_call_end, end_us),
        ]);
        self.s.net_wait_us += net_us.us();
        self.s.client_wait_us += client_us.us();
        let c = &mut self.s.stats.calls;
        c.note_wait_grid(crate::stats::WaitEvent::SqlNetMessageToClient, GridUs::of(NET_TO_CLIENT_US));
        c.note_wait_grid(crate::stats::WaitEvent::SqlNetMessageFromClient, net_us + client_us);
        if c.trace_waits.is_some() {
            self.trace_roundtrip(who);
        }
        self.call_event(kind::ROUND_TRIP, cs.net);
    }
}

/// The time a reply of `bytes` waits for the client's TCP window: the
/// server sends one window, then waits for its acknowledgement before the
/// next, so each window after the first costs a round trip less the time
/// the link takes to carry a window (nothing when the window covers the
/// link's bandwidth-delay product). E.g. 30,000 bytes through a 17,520-byte
/// window over a 180 ms round trip at 1.25 bytes/us: two windows, one stall
/// of 180,000 - 14,016 = 165,984 us.
pub(crate) fn window_stall_us(p: &crate::sim::cost::CostParams, bytes: u64) -> f64 {
    let window = p.network_window_bytes.max(1.0);
    let windows = (bytes as f64 / window).ceil();
    if windows <= 1.0 {
        return 0.0;
    }
    (windows - 1.0) * (p.network_rtt_us - window / p.network_bytes_per_us).max(0.0)
}
