//! The one catalogue of the error codes LIO Lab reports, with their fixed
//! texts: Oracle's `ORA-`, the PL/SQL compiler's `PLS-` and SQL*Plus's
//! `SP2-` messages, and the lab's own `LAB-` codes.
//!
//! Each entry is defined once, here (the partitioning errors in
//! `ora/partitions.rs`). A text may hold `%s` placeholders (as
//! Oracle's message files do), filled in order by the arguments
//! (examples in `ora/entry.rs`).
//!
//! A code may have more than one entry when the lab prints it with
//! different texts (`LAB-00033` for a statement's and a script's budget,
//! `ORA-06550` with or without a block position); [`lookup`] gives the
//! first. No two entries share both code and text.
//!
//! `PLS-` and `SP2-` entries are parts of messages, never codes of a
//! [`LabError`](crate::LabError) of their own: `LabError::pls` wraps one in
//! `ORA-06550`, `LabError::sp2` in `LAB-00002`.

mod entry;
pub use entry::{Entry, Facility};

/// Entries, each a `pub const`, and `$list` holding them in order.
macro_rules! catalogue {
    ($list:ident; $($(#[$doc:meta])* $name:ident = $facility:ident $number:literal $text:literal;)*) => {
        $(
            $(#[$doc])*
            pub const $name: Entry = Entry { facility: Facility::$facility, number: $number, text: $text };
        )*
        pub(crate) const $list: &[Entry] = &[$($name),*];
    };
}

// The partitioning errors (a part of the catalogue in its own file).
mod partitions;
pub use partitions::*;

static ALL: std::sync::LazyLock<Vec<Entry>> = std::sync::LazyLock::new(|| [MAIN, PARTITIONS].concat());

/// Every entry of the catalogue, in the order defined here (the
/// partitioning errors last).
pub fn catalogue() -> &'static [Entry] {
    &ALL
}

/// The entry of a printed code (`"ORA-00942"`), if catalogued.
pub fn lookup(code: &str) -> Option<Entry> {
    ALL.iter().copied().find(|e| e.code() == code)
}

catalogue! {
    MAIN;
    // ------------------------------------------------------------ ORA
    UNIQUE_CONSTRAINT_VIOLATED = Ora 1 "unique constraint (%s) violated";
    /// Arguments: the parameter, its lowest and highest value.
    PARAMETER_VALUE_OUT_OF_RANGE = Ora 68 "invalid value %s for parameter %s, must be between %s and %s";
    /// ORA-00093 for `pga_aggregate_target` (Oracle's text names the range).
    PGA_AGGREGATE_TARGET_RANGE = Ora 93 "pga_aggregate_target must be between 10M and 4096G-1";
    /// Arguments: the value, the parameter, its values.
    INVALID_PARAMETER_VALUE = Ora 96 "invalid value %s for parameter %s, must be from among %s";
    /// Reported after `ORA-02097` (on a line of its own).
    MEMOPTIMIZE_POOL_TOO_SMALL = Ora 384 "MEMOPTIMIZE_POOL_SIZE must be at least 100M";
    INVALID_SQL_STATEMENT = Ora 900 "invalid SQL statement";
    INVALID_CREATE_COMMAND = Ora 901 "invalid CREATE command";
    INVALID_DATATYPE = Ora 902 "invalid datatype";
    INVALID_TABLE_NAME = Ora 903 "invalid table name";
    /// The argument is the name as Oracle prints it, double-quoted
    /// (`"X": invalid identifier`), or empty when there is no name.
    INVALID_IDENTIFIER = Ora 904 "%s: invalid identifier";
    INVALID_USERENV_PARAMETER = Ora 2003 "invalid USERENV parameter";
    /// `CREATE TABLE` with no column (the lab's text).
    TABLE_NEEDS_A_COLUMN = Ora 904 "a table must have at least one column";
    MISSING_KEYWORD = Ora 905 "missing keyword";
    MISSING_LEFT_PARENTHESIS = Ora 906 "missing left parenthesis";
    MISSING_RIGHT_PARENTHESIS = Ora 907 "missing right parenthesis";
    MISSING_NULL_KEYWORD = Ora 908 "missing NULL keyword";
    INVALID_NUMBER_OF_ARGUMENTS = Ora 909 "invalid number of arguments";
    SPECIFIED_LENGTH_TOO_LONG = Ora 910 "specified length too long for its datatype";
    INVALID_CHARACTER = Ora 911 "invalid character";
    TOO_MANY_VALUES = Ora 913 "too many values";
    MISSING_COMMA = Ora 917 "missing comma";
    COLUMN_AMBIGUOUSLY_DEFINED = Ora 918 "column ambiguously defined";
    UNEXPECTED_END_OF_SQL_COMMAND = Ora 921 "unexpected end of SQL command";
    MISSING_OR_INVALID_OPTION = Ora 922 "missing or invalid option";
    FROM_KEYWORD_NOT_FOUND = Ora 923 "FROM keyword not found where expected";
    MISSING_INTO_KEYWORD = Ora 925 "missing INTO keyword";
    MISSING_VALUES_KEYWORD = Ora 926 "missing VALUES keyword";
    MISSING_EQUAL_SIGN = Ora 927 "missing equal sign";
    MISSING_SELECT_KEYWORD = Ora 928 "missing SELECT keyword";
    WITH_COLUMN_COUNT_MISMATCH = Ora 32038 "number of WITH clause column names does not match number of elements in select list";
    RECURSIVE_WITH_NEEDS_COLUMN_LIST = Ora 32039 "recursive WITH clause must have column alias list";
    WITH_COLUMN_ALIASING = Ora 32033 "unsupported column aliasing";
    RECURSIVE_WITH_UNION_ALL = Ora 32040 "recursive WITH clause must use a UNION ALL operation";
    RECURSIVE_WITH_TWO_BRANCHES = Ora 32041 "UNION ALL operation in recursive WITH clause must have only two branches";
    RECURSIVE_WITH_SELF_REFERENCE = Ora 32042 "recursive WITH clause must reference itself directly in one of the UNION ALL branches";
    RECURSIVE_WITH_NO_ANCHOR = Ora 32043 "recursive WITH clause needs an initialization branch";
    RECURSIVE_WITH_CYCLE = Ora 32044 "cycle detected while executing recursive WITH query";
    SEARCH_CYCLE_NOT_RECURSIVE = Ora 32480 "SEARCH and CYCLE clauses can only be specified for recursive WITH clause elements";
    RECURSIVE_WITH_UNSUPPORTED = Ora 32486 "unsupported operation in recursive branch of recursive WITH clause";
    CONNECT_BY_NO_MEMORY = Ora 30009 "Not enough memory for CONNECT BY operation";
    CONNECT_BY_LOOP = Ora 1436 "CONNECT BY loop in user data";
    CONNECT_BY_REQUIRED = Ora 1788 "CONNECT BY clause required in this query block";
    PSEUDOCOLUMN_NOT_ALLOWED = Ora 976 "Specified pseudocolumn or operator not allowed here.";
    CONNECT_BY_PATH_SEPARATOR_IN_VALUE = Ora 30004 "when using SYS_CONNECT_BY_PATH function, cannot have separator as part of column value";
    NOCYCLE_REQUIRED_FOR_ISCYCLE = Ora 30930 "NOCYCLE keyword is required with CONNECT_BY_ISCYCLE pseudo column";
    USING_COLUMN_QUALIFIED = Ora 25154 "column part of USING clause cannot have qualifier";
    NATURAL_COLUMN_QUALIFIED = Ora 25155 "column used in NATURAL join cannot have qualifier";
    ONLY_SIMPLE_COLUMN_NAMES = Ora 1748 "only simple column names allowed here";
    SQL_COMMAND_NOT_PROPERLY_ENDED = Ora 933 "SQL command not properly ended";
    GROUP_FUNCTION_NOT_ALLOWED = Ora 934 "group function is not allowed here";
    GROUP_FUNCTION_NESTED_TOO_DEEPLY = Ora 935 "group function is nested too deeply";
    MISSING_EXPRESSION = Ora 936 "missing expression";
    /// Arguments: the datatype expected (`-` for none) and the one given.
    INCONSISTENT_DATATYPES = Ora 932 "inconsistent datatypes: expected %s got %s";
    DATE_PLUS_DATE = Ora 975 "date + date not allowed";
    INVALID_EXTRACT_FIELD = Ora 30076 "invalid extract field for extract source";
    /// An analytic function outside the select list and ORDER BY.
    WINDOW_FUNCTIONS_NOT_ALLOWED = Ora 30483 "window  functions are not allowed here";
    MISSING_WINDOW_SPECIFICATION = Ora 30484 "missing window specification for this function";
    MISSING_WINDOW_ORDER_BY = Ora 30485 "missing ORDER BY expression in the window specification";
    WINDOW_ORDER_BY_NOT_ALLOWED = Ora 30487 "ORDER BY not allowed here";
    ARGUMENT_NOT_CONSTANT = Ora 30496 "Argument should be a constant.";
    PERCENTILE_OUT_OF_RANGE = Ora 30493 "The percentile value should be a number between 0 and 1.";
    NOT_A_SINGLE_GROUP_GROUP_FUNCTION = Ora 937 "not a single-group group function";
    NOT_A_GROUP_BY_EXPRESSION = Ora 979 "not a GROUP BY expression";
    INVALID_ALTER_COMMAND = Ora 940 "invalid ALTER command";
    MISSING_CLUSTER_NAME = Ora 941 "missing cluster name";
    TABLE_OR_VIEW_DOES_NOT_EXIST = Ora 942 "table or view does not exist";
    /// DDL on a table another session has uncommitted changes in.
    RESOURCE_BUSY = Ora 54 "resource busy and acquire with NOWAIT specified or timeout expired";
    /// DML on SYS.DUAL (the lab user has only SELECT on it).
    INSUFFICIENT_PRIVILEGES = Ora 1031 "insufficient privileges";
    CLUSTER_DOES_NOT_EXIST = Ora 943 "cluster does not exist";
    NOT_ENOUGH_VALUES = Ora 947 "not enough values";
    INVALID_DROP_OPTION = Ora 950 "invalid DROP option";
    CLUSTER_NOT_EMPTY = Ora 951 "cluster not empty";
    MISSING_OR_INVALID_INDEX_NAME = Ora 953 "missing or invalid index name";
    NAME_ALREADY_USED = Ora 955 "name is already used by an existing object";
    DUPLICATE_COLUMN_NAME = Ora 957 "duplicate column name";
    TABLESPACE_DOES_NOT_EXIST = Ora 959 "tablespace '%s' does not exist";
    /// A sort's temp space does not fit its temporary tablespace.
    /// Arguments: the blocks it needed beyond the tablespace, the tablespace.
    UNABLE_TO_EXTEND_TEMP_SEGMENT = Ora 1652 "unable to extend temp segment by %s in tablespace %s";
    /// Arguments: the table (`LAB.T`), the next extent's blocks, the tablespace.
    UNABLE_TO_EXTEND_TABLE = Ora 1653 "unable to extend table %s by %s in tablespace %s";
    /// Arguments: the index (`LAB.I`), the next extent's blocks, the tablespace.
    UNABLE_TO_EXTEND_INDEX = Ora 1654 "unable to extend index %s by %s in tablespace %s";
    /// The argument is the tablespace.
    UNABLE_TO_CREATE_INITIAL_EXTENT = Ora 1658 "unable to create INITIAL extent for segment in tablespace %s";
    FILE_SIZE_TOO_SMALL = Ora 3214 "File Size specified is smaller than minimum required";
    USER_DOES_NOT_EXIST = Ora 1918 "user '%s' does not exist";
    INVALID_TEMPORARY_TABLESPACE_TYPE = Ora 10615 "Invalid tablespace type for temporary tablespace";
    DEFAULT_TEMPORARY_TABLESPACE_TYPE = Ora 12902 "default temporary tablespace must be SYSTEM or of TEMPORARY type";
    TABLESPACE_ALREADY_EXISTS = Ora 1543 "tablespace '%s' already exists";
    INVALID_CREATE_TABLESPACE_OPTION = Ora 2180 "invalid option for CREATE TABLESPACE";
    PERMANENT_OBJECT_IN_TEMPORARY_TABLESPACE = Ora 2195 "Attempt to create PERMANENT object in a TEMPORARY tablespace";
    TEMP_TABLE_IN_USE = Ora 14450 "attempt to access a transactional temp table already in use";
    TEMP_TABLE_UNSUPPORTED = Ora 14451 "unsupported feature with temporary table";
    TEMP_TABLE_INDEX_IN_USE = Ora 14452 "attempt to create, alter or drop an index on temporary table already in use";
    /// The argument is the constraint (`LAB.FK`).
    PARENT_KEY_NOT_FOUND = Ora 2291 "integrity constraint (%s) violated - parent key not found";
    /// The argument is the constraint (`LAB.FK`).
    CHILD_RECORD_FOUND = Ora 2292 "integrity constraint (%s) violated - child record found";
    NO_MATCHING_UNIQUE_KEY = Ora 2270 "no matching unique or primary key for this column-list";
    REFERENCING_COLUMNS_MISMATCH = Ora 2256 "number of referencing columns must match referenced columns";
    /// The argument is the constraint (`LAB.FK`).
    PARENT_KEYS_NOT_FOUND = Ora 2298 "cannot validate (%s) - parent keys not found";
    REFERENCED_KEY_IN_USE = Ora 2449 "unique/primary keys in table referenced by foreign keys";
    /// The argument is the constraint (`LAB.C`).
    CHECK_CONSTRAINT_VIOLATED = Ora 2290 "check constraint (%s) violated";
    /// The argument is the constraint (`LAB.C`).
    CANNOT_VALIDATE_CHECK = Ora 2293 "cannot validate (%s) - check constraint violated";
    SUBQUERY_NOT_ALLOWED_HERE = Ora 2251 "subquery not allowed here";
    CHECK_SYSTEM_VARIABLE = Ora 2436 "date or system variable wrongly specified in CHECK constraint";
    COLUMN_CHECK_OTHER_COLUMNS = Ora 2438 "Column check constraint cannot reference other columns";
    NONEXISTENT_CONSTRAINT = Ora 2443 "Cannot drop constraint  - nonexistent constraint";
    /// The argument is the constraint (`LAB.C`).
    CANNOT_ENABLE_NO_SUCH_CONSTRAINT = Ora 2430 "cannot enable constraint (%s) - no such constraint";
    /// The argument is the constraint (`LAB.C`).
    NO_SUCH_CONSTRAINT = Ora 2431 "cannot disable constraint (%s) - no such constraint";
    /// The argument is the constraint (`LAB.PK`).
    KEY_REFERENCED = Ora 2273 "this unique/primary key is referenced by some foreign keys";
    /// Arguments: the block size, the file, the media and host sector sizes.
    LOG_BLOCK_SIZE_SECTOR_MISMATCH = Ora 1378 "The logical block size (%s) of file %s is not compatible with the disk sector size (media sector size is %s and host sector size is %s)";
    INVALID_LOG_BLOCK_SIZE = Ora 1377 "Invalid log file block size";
    /// The argument is the group number.
    LOG_GROUP_EXISTS = Ora 1184 "logfile group %s already exists";
    /// The argument is the group number.
    LOG_GROUP_NUMBER_INVALID = Ora 1185 "logfile group number %s is invalid";
    /// Arguments: the file's size and the minimum, in blocks.
    LOG_FILE_TOO_SMALL = Ora 336 "log file size %s blocks is less than minimum %s blocks";
    /// Arguments: the group, the instance, the thread.
    LOG_IS_CURRENT = Ora 1623 "log %s is current log for instance %s (thread %s) - cannot drop";
    /// Arguments: the group, the instance, the thread.
    LOG_NEEDED_FOR_RECOVERY = Ora 1624 "log %s needed for crash recovery of instance %s (thread %s)";
    /// Arguments: the group, the instance, the thread.
    LOG_LAST_TWO = Ora 1567 "dropping log %s would leave less than 2 log files for instance %s (thread %s)";
    DISKGROUP_DOES_NOT_EXIST = Ora 15001 "diskgroup \"%s\" does not exist or is not mounted";
    MISSING_INDEX_KEYWORD = Ora 968 "missing INDEX keyword";
    MISSING_ON_KEYWORD = Ora 969 "missing ON keyword";
    MISSING_SET_KEYWORD = Ora 971 "missing SET keyword";
    MERGE_UNSTABLE_ROWS = Ora 30926 "unable to get a stable set of rows in the source tables";
    /// Arguments: the column, `"ALIAS"."COL"` (so the next three).
    MERGE_ON_COLUMN_UPDATED = Ora 38104 "Columns referenced in the ON Clause cannot be updated: %s";
    MERGE_INSERT_VALUES_COLUMN = Ora 38101 "Invalid column in the INSERT VALUES Clause: %s";
    MERGE_INSERT_WHERE_COLUMN = Ora 38102 "Invalid column in the INSERT WHERE Clause: %s";
    IDENTIFIER_TOO_LONG = Ora 972 "identifier is too long";
    MUST_NAME_EXPRESSION_WITH_ALIAS = Ora 998 "must name this expression with a column alias";
    NOT_ALL_VARIABLES_BOUND = Ora 1008 "not all variables bound";
    INVALID_LOGON = Ora 1017 "invalid username/password; logon denied";
    SYS_NEEDS_SYSDBA = Ora 28009 "connection as SYS should be as SYSDBA or SYSOPER";
    ORACLE_NOT_AVAILABLE = Ora 1034 "ORACLE not available";
    OBJECT_DOES_NOT_EXIST = Ora 4043 "object %s does not exist";
    // Sequences (CREATE / ALTER / DROP SEQUENCE, NEXTVAL and CURRVAL).
    /// The argument is the parameter (`INCREMENT`, `START WITH`, ...).
    SEQUENCE_PARAMETER_NOT_INTEGER = Ora 4001 "sequence parameter %s must be an integer";
    SEQUENCE_INCREMENT_ZERO = Ora 4002 "INCREMENT must be a non-zero integer";
    /// The argument is the parameter.
    SEQUENCE_PARAMETER_TOO_BIG = Ora 4003 "sequence parameter %s exceeds maximum size allowed (28 digits)";
    SEQUENCE_MIN_NOT_BELOW_MAX = Ora 4004 "MINVALUE must be less than MAXVALUE";
    SEQUENCE_INCREMENT_TOO_BIG = Ora 4005 "INCREMENT must be less than MAXVALUE minus MINVALUE";
    SEQUENCE_START_BELOW_MIN = Ora 4006 "START WITH cannot be less than MINVALUE";
    SEQUENCE_MIN_ABOVE_CURRENT = Ora 4007 "MINVALUE cannot be made to exceed the current value";
    SEQUENCE_START_ABOVE_MAX = Ora 4008 "START WITH cannot be more than MAXVALUE";
    SEQUENCE_MAX_BELOW_CURRENT = Ora 4009 "MAXVALUE cannot be made to be less than the current value";
    SEQUENCE_CACHE_TOO_SMALL = Ora 4010 "the number of values to CACHE must be greater than 1";
    SEQUENCE_CACHE_OVER_CYCLE = Ora 4013 "number to CACHE must be less than one cycle";
    SEQUENCE_CANNOT_ALTER_START = Ora 2283 "cannot alter starting sequence number";
    SEQUENCE_NO_OPTIONS = Ora 2286 "no options specified for ALTER SEQUENCE";
    SEQUENCE_NOT_ALLOWED_HERE = Ora 2287 "sequence number not allowed here";
    SEQUENCE_DOES_NOT_EXIST = Ora 2289 "sequence does not exist";
    IDENTITY_ONLY_ONE = Ora 30669 "table can have only one identity column";
    IDENTITY_WITH_DEFAULT = Ora 30674 "identity column cannot have a default value";
    IDENTITY_NOT_NUMERIC = Ora 30675 "identity column must be a numeric type";
    SYSTEM_SEQUENCE_ALTER = Ora 32793 "cannot alter a system-generated sequence";
    SYSTEM_SEQUENCE_DROP = Ora 32794 "cannot drop a system-generated sequence";
    IDENTITY_ALWAYS_INSERT = Ora 32795 "cannot insert into a generated always identity column";
    IDENTITY_ALWAYS_UPDATE = Ora 32796 "cannot update a generated always identity column";
    /// The argument is the sequence (`S1`).
    SEQUENCE_CURRVAL_NOT_DEFINED = Ora 8002 "sequence %s.CURRVAL is not yet defined in this session";
    /// Arguments: the sequence, `exceeds` or `goes below`, `MAX` or `MIN`.
    SEQUENCE_EXHAUSTED = Ora 8004 "sequence %s.NEXTVAL %s %sVALUE and cannot be instantiated";
    /// `view "LAB.V" has errors`: a view whose query no longer compiles.
    OBJECT_HAS_ERRORS = Ora 4063 "%s has errors";
    FUNCTION_RETURNED_WITHOUT_VALUE = Ora 6503 "PL/SQL: Function returned without value";
    /// The argument is the savepoint's name, upper-cased.
    SAVEPOINT_NEVER_ESTABLISHED = Ora 1086 "savepoint '%s' never established in this session or is invalid";
    /// The argument is the column, `"LAB"."T"."C"`.
    CANNOT_INSERT_NULL = Ora 1400 "cannot insert NULL into (%s)";
    NO_DATA_FOUND = Ora 1403 "no data found";
    INVALID_CURSOR = Ora 1001 "invalid cursor";
    CURSOR_ALREADY_OPEN = Ora 6511 "PL/SQL: cursor already open";
    COLLECTION_NOT_INITIALIZED = Ora 6531 "Reference to uninitialized collection";
    SUBSCRIPT_OUTSIDE_LIMIT = Ora 6532 "Subscript outside of limit";
    SUBSCRIPT_BEYOND_COUNT = Ora 6533 "Subscript beyond count";
    /// The argument is the column, `"LAB"."T"."C"`.
    CANNOT_UPDATE_TO_NULL = Ora 1407 "cannot update (%s) to NULL";
    COLUMN_LIST_ALREADY_INDEXED = Ora 1408 "such column list already indexed";
    // ALTER TABLE ... ADD / MODIFY / DROP column (session/alter_column.rs).
    COLUMN_BEING_ADDED_EXISTS = Ora 1430 "column being added already exists in table";
    COLUMN_MUST_BE_EMPTY_TO_CHANGE_TYPE = Ora 1439 "column to be modified must be empty to change datatype";
    COLUMN_MUST_BE_EMPTY_TO_DECREASE = Ora 1440 "column to be modified must be empty to decrease precision or scale";
    CANNOT_DECREASE_COLUMN_LENGTH = Ora 1441 "cannot decrease column length because some value is too big";
    ALREADY_NOT_NULL = Ora 1442 "column to be modified to NOT NULL is already NOT NULL";
    ALREADY_NULL = Ora 1451 "column to be modified to NULL cannot be modified to NULL";
    MANDATORY_COLUMN_NEEDS_EMPTY_TABLE = Ora 1758 "table must be empty to add mandatory (NOT NULL) column";
    /// The argument is the table, `LAB.T`.
    NULL_VALUES_FOUND = Ora 2296 "cannot enable (%s) - null values found";
    CANNOT_DROP_ALL_COLUMNS = Ora 12983 "cannot drop all columns in a table";
    COLUMN_NOT_ALLOWED_HERE = Ora 984 "column not allowed here";
    INVALID_ROWID = Ora 1410 "invalid ROWID";
    INDEX_DOES_NOT_EXIST = Ora 1418 "specified index does not exist";
    /// `ANALYZE` with an action the statement does not have.
    INVALID_ANALYZE_COMMAND = Ora 1490 "invalid ANALYZE command";
    /// A direct-path load's transaction reading or changing its table again before it commits.
    READ_AFTER_DIRECT_LOAD = Ora 12838 "cannot read/modify an object after modifying it in parallel";
    EXACT_FETCH_RETURNS_TOO_MANY_ROWS = Ora 1422 "exact fetch returns more than requested number of rows";
    SINGLE_ROW_SUBQUERY_TOO_MANY_ROWS = Ora 1427 "single-row subquery returns more than one row";
    NULL_VALUES_CANNOT_ALTER_TO_NOT_NULL = Ora 1449 "column contains NULL values; cannot alter to NOT NULL";
    /// The argument is the constraint, `LAB.T_UK`.
    CANNOT_VALIDATE_DUPLICATE_KEYS = Ora 2299 "cannot validate (%s) - duplicate keys found";
    /// The argument is the constraint, `LAB.T_PK`.
    CANNOT_VALIDATE_PRIMARY_KEY = Ora 2437 "cannot validate (%s) - primary key violated";
    DUPLICATE_KEYS_FOUND = Ora 1452 "cannot CREATE UNIQUE INDEX; duplicate keys found";
    /// Oracle's text goes on "inside a READ ONLY transaction"; the parser
    /// reports it (as it always has) for a cluster `SIZE` that is no number.
    MAY_NOT_PERFORM_DML = Ora 1456 "may not perform insert/delete/update operation";
    INVALID_HEX_NUMBER = Ora 1465 "invalid hex number";
    DIVISOR_IS_ZERO = Ora 1476 "divisor is equal to zero";
    INVALID_NUMBER = Ora 1722 "invalid number";
    INVALID_NUMBER_FORMAT = Ora 1481 "invalid number format model";
    DATE_FORMAT_NOT_RECOGNIZED = Ora 1821 "date format not recognized";
    FORMAT_CODE_NOT_INPUT = Ora 1820 "format code cannot appear in date input format";
    FORMAT_ENDS_BEFORE_INPUT = Ora 1830 "date format picture ends before converting entire input string";
    YEAR_RANGE = Ora 1841 "(full) year must be between -4713 and +9999, and not be 0";
    NOT_A_VALID_MONTH = Ora 1843 "not a valid month";
    NOT_A_VALID_DAY_OF_WEEK = Ora 1846 "not a valid day of the week";
    DAY_OF_MONTH_RANGE = Ora 1847 "day of month must be between 1 and last day of month";
    DAY_OF_YEAR_RANGE = Ora 1848 "day of year must be between 1 and 365 (366 for leap year)";
    HOUR_1_TO_12 = Ora 1849 "hour must be between 1 and 12";
    HOUR_0_TO_23 = Ora 1850 "hour must be between 0 and 23";
    MINUTES_0_TO_59 = Ora 1851 "minutes must be between 0 and 59";
    SECONDS_0_TO_59 = Ora 1852 "seconds must be between 0 and 59";
    SECONDS_IN_DAY_RANGE = Ora 1853 "seconds in day must be between 0 and 86399";
    JULIAN_DATE_RANGE = Ora 1854 "julian date must be between 1 and 5373484";
    AM_PM_REQUIRED = Ora 1855 "AM/A.M. or PM/P.M. required";
    NON_NUMERIC_WHERE_NUMERIC = Ora 1858 "a non-numeric character was found where a numeric was expected";
    LITERAL_DOES_NOT_MATCH_FORMAT = Ora 1861 "literal does not match format string";
    BAD_PRECISION_SPECIFIER = Ora 1899 "bad precision specifier";
    NUMERIC_OVERFLOW = Ora 1426 "numeric overflow";
    /// A function argument outside its domain (INSTR's occurrence below 1). The argument is the value as given.
    ARGUMENT_OUT_OF_RANGE = Ora 1428 "argument '%s' is out of range";
    VALUE_LARGER_THAN_PRECISION = Ora 1438 "value larger than specified precision allowed for this column";
    CONCAT_TOO_LONG = Ora 1489 "result of string concatenation is too long";
    TOO_MANY_COLUMNS = Ora 1792 "maximum number of columns in a table or view is 1000";
    PLSQL_BUFFER_TOO_SMALL = Ora 6502 "PL/SQL: numeric or value error: character string buffer too small";
    NULL_INDEX_KEY = Ora 6502 "PL/SQL: numeric or value error: NULL index table key value";
    PLSQL_CHAR_TO_NUMBER = Ora 6502 "PL/SQL: numeric or value error: character to number conversion error";
    PLSQL_NUMBER_PRECISION = Ora 6502 "PL/SQL: numeric or value error: number precision too large";
    MISSING_OR_ILLEGAL_ESCAPE = Ora 1424 "missing or illegal character following the escape character";
    INVALID_ESCAPE_CHARACTER = Ora 1425 "escape character must be character string of length 1";
    TOO_MANY_IN_LIST_ITEMS = Ora 1795 "maximum number of expressions in a list is 1000";
    ZERO_LENGTH_COLUMNS = Ora 1723 "zero-length columns are not allowed";
    NUMERIC_PRECISION_OUT_OF_RANGE = Ora 1727 "numeric precision specifier is out of range (1 to 38)";
    NUMERIC_SCALE_OUT_OF_RANGE = Ora 1728 "numeric scale specifier is out of range (-84 to 127)";
    INVALID_NUMBER_OF_COLUMN_NAMES = Ora 1730 "invalid number of column names specified";
    CIRCULAR_VIEW_DEFINITION = Ora 1731 "circular view definition encountered";
    INVALID_ALTER_TABLE_OPTION = Ora 1735 "invalid ALTER TABLE option";
    MISSING_DOUBLE_QUOTE = Ora 1740 "missing double quote in identifier";
    ZERO_LENGTH_IDENTIFIER = Ora 1741 "illegal zero-length identifier";
    COMMENT_NOT_TERMINATED = Ora 1742 "comment not properly terminated";
    CLUSTER_COLUMNS_DO_NOT_MATCH = Ora 1753 "column definitions in cluster and table do not match";
    QUOTED_STRING_NOT_TERMINATED = Ora 1756 "quoted string not properly terminated";
    MAY_NOT_SPECIFY_COLUMN_DATATYPES = Ora 1773 "may not specify column datatypes in this CREATE TABLE";
    QUERY_BLOCK_INCORRECT_COLUMNS = Ora 1789 "query block has incorrect number of result columns";
    EXPRESSION_MUST_HAVE_SAME_DATATYPE = Ora 1790 "expression must have same datatype as corresponding expression";
    NOT_A_SELECTED_EXPRESSION = Ora 1791 "not a SELECTed expression";
    ORDER_BY_ITEM_NUMBER = Ora 1785 "ORDER BY item must be the number of a SELECT-list expression";
    INTEGER_VALUE_REQUIRED = Ora 2017 "integer value required";
    ILLEGAL_ALTER_SYSTEM_OPTION = Ora 2065 "illegal option for ALTER SYSTEM";
    PARAMETER_CANNOT_BE_MODIFIED = Ora 2095 "specified initialization parameter cannot be modified";
    PARAMETER_NOT_MODIFIABLE_WITH_OPTION = Ora 2096 "specified initialization parameter is not modifiable with this option";
    PARAMETER_VALUE_INVALID = Ora 2097 "parameter cannot be modified because specified value is invalid";
    SPFILE_ENTRY_NOT_FOUND = Ora 32010 "cannot find entry to delete in SPFILE";
    INVALID_STORAGE_OPTION = Ora 2143 "invalid STORAGE option";
    INVALID_INITRANS = Ora 2207 "invalid INITRANS option value";
    INVALID_PCTFREE_OR_PCTUSED = Ora 2211 "invalid value for PCTFREE or PCTUSED";
    INVALID_SIZE_VALUE = Ora 2230 "invalid SIZE value";
    INVALID_ALTER_INDEX_OPTION = Ora 2243 "invalid ALTER INDEX or ALTER MATERIALIZED VIEW option";
    INVALID_ALTER_SESSION_OPTION = Ora 2248 "invalid option for ALTER SESSION";
    CONSTRAINT_NAME_ALREADY_USED = Ora 2264 "name already used by an existing constraint";
    ONLY_ONE_PRIMARY_KEY = Ora 2260 "table can have only one primary key";
    INDEX_ENFORCES_KEY = Ora 2429 "cannot drop index used for enforcement of unique/primary key";
    INVALID_HASHKEYS_VALUE = Ora 2454 "invalid HASHKEYS value";
    /// `line l, column c:` then a `PLS-` message or `PL/SQL: ORA-...`.
    PLSQL_COMPILATION_ERROR = Ora 6550 "line %s, column %s:\n%s";
    /// A `PLS-` message found while the block runs, with no block position.
    PLSQL_ERROR = Ora 6550 "%s";
    /// A user-declared exception no handler caught.
    UNHANDLED_USER_EXCEPTION = Ora 6510 "PL/SQL: unhandled user-defined exception";
    /// The argument is the number given.
    RAISE_APPLICATION_ERROR_RANGE = Ora 21000 "error number argument to raise_application_error of %s is out of range";
    /// The error stack's line for an anonymous block: the line in it.
    PLSQL_AT_LINE = Ora 6512 "at line %s";
    /// The error stack's line for a stored unit: `"LAB.P"` and the line in it.
    PLSQL_AT_UNIT_LINE = Ora 6512 "at %s, line %s";
    /// A SQL call of a PL/SQL function with arguments it does not take.
    SQL_CALL_WRONG_ARGUMENTS = Ora 6553 "PLS-306: wrong number or types of arguments in call to '%s'";
    /// Arguments: the column, the actual and the maximum length.
    VALUE_TOO_LARGE = Ora 12899 "value too large for column %s (actual: %s, maximum: %s)";
    /// `raise_application_error(-20000, text)`: the text is the argument.
    APPLICATION_ERROR = Ora 20000 "%s";
    /// `DBMS_STATS.GATHER_TABLE_STATS` of a missing table: reported as
    /// `ORA-20000` whose text is this line. The argument is the table,
    /// `"LAB"."T"`.
    UNABLE_TO_ANALYZE = Ora 20000 "Unable to analyze TABLE %s, insufficient privileges or does not exist";
    /// `DBMS_STATS.GATHER_INDEX_STATS` of a missing index (the argument is
    /// `"LAB"."I"`; two spaces, as Oracle prints it).
    INDEX_UNABLE_TO_ANALYZE = Ora 20000 "index %s  does not exist or insufficient privileges";
    /// `DBMS_STATS.GATHER_SCHEMA_STATS` of a schema the user cannot analyze.
    SCHEMA_UNABLE_TO_ANALYZE = Ora 20000 "Insufficient privileges to analyze an object in Schema";
    /// DBMS_STATS' METHOD_OPT it cannot read (an unknown word, a column
    /// the table does not have, SIZE outside 1..254 / 1..2048); the
    /// argument is the clause as given.
    METHOD_OPT_PARSE = Ora 20000 "Cannot parse for clause: %s";
    /// DBMS_STATS' SET_, DELETE_, LOCK_ and UNLOCK_ procedures on a
    /// missing object: the arguments are its kind (`TABLE`, `INDEX`) and
    /// `"LAB"."T"`.
    STATS_OBJECT_MISSING = Ora 20000 "%s %s does not exist or insufficient privileges";
    /// DBMS_STATS gathering, setting or deleting a table's statistics that
    /// LOCK_TABLE_STATS locked (FORCE => TRUE overrides it).
    STATS_LOCKED = Ora 20005 "object statistics are locked (stattype = ALL)";
    /// ANALYZE ... COMPUTE STATISTICS of a table whose statistics are locked.
    ANALYZE_STATS_LOCKED = Ora 38029 "object statistics are locked";
    /// DBMS_STATS' SET_/DELETE_/GET_PREFS of a preference name it does
    /// not have (or, before 11.2.0.4, TABLE_CACHED_BLOCKS).
    STATS_INVALID_PNAME = Ora 20001 "Invalid input values for pname";
    /// DBMS_STATS' ESTIMATE_PERCENT outside its range.
    ILLEGAL_SAMPLE_PERCENT = Ora 20001 "Illegal sample percent %s: must be in the range [0.000001,100]";
    /// An INTERVAL literal whose text does not fit its fields.
    INTERVAL_INVALID = Ora 1867 "the interval is invalid";
    /// An INTERVAL literal's leading field has more digits than its precision.
    INTERVAL_LEADING_PRECISION = Ora 1873 "the leading precision of the interval is too small";
    INTERVAL_PRECISION_RANGE = Ora 30088 "datetime/interval precision is out of range";
    /// An INTERVAL added to (or subtracted from) what is not a DATE.
    DATETIME_INTERVAL_ARITH = Ora 30081 "invalid data type for datetime/interval arithmetic";
    /// A DATE plus a YEAR TO MONTH interval landing on a day the month lacks.
    DATE_NOT_VALID_FOR_MONTH = Ora 1839 "date not valid for month specified";
    /// CAST to a VARCHAR2 or CHAR shorter than the value.
    CAST_VALUE_OUT_OF_RANGE = Ora 25137 "Data value out of range";
    /// A `SAMPLE [BLOCK] (p)` clause's percentage outside its range.
    SAMPLE_PERCENT_RANGE = Ora 30562 "SAMPLE percentage must be in the range [0.000001,100)";
    CLUSTER_ONLY_ONE_TABLE = Ora 25136 "this cluster can contain only one table";
    NO_PRIMARY_KEY = Ora 25175 "no PRIMARY KEY constraint found";
    /// `CREATE UNIQUE INDEX ... COMPRESS` on one column: a unique key has no prefix to share.
    COMPRESS_SINGLE_COLUMN_KEY = Ora 25193 "cannot use COMPRESS option for a single column key";
    /// `COMPRESS n` with n above the index's columns (non-unique) or its columns - 1 (unique), or n = 0.
    INVALID_COMPRESS_PREFIX_LENGTH = Ora 25194 "invalid COMPRESS prefix length value";
    MEMOPTIMIZE_POOL_NOT_SET = Ora 62137 "MEMOPTIMIZE_POOL_SIZE is not set";
    MEMOPTIMIZE_READ_NOT_ENABLED = Ora 62138 "MEMOPTIMIZE FOR READ feature not enabled for the table";
    MEMOPTIMIZE_READ_COMPRESSION = Ora 62141 "MEMOPTIMIZE FOR READ feature cannot be used with compression";
    MEMOPTIMIZE_READ_NEEDS_PRIMARY_KEY = Ora 62142 "MEMOPTIMIZE FOR READ feature requires NOT DEFERRABLE PRIMARY KEY constraint on the table";
    // ------------------------------------------------------------ PLS (inside ORA-06550)
    /// Arguments: the symbol, the list of what was expected.
    PLS_ENCOUNTERED_SYMBOL = Pls 103 "Encountered the symbol \"%s\" when expecting one of the following: %s";
    /// Static DDL in a PL/SQL block (the lab's text).
    PLS_DDL_NEEDS_EXECUTE_IMMEDIATE = Pls 103 "DDL must use EXECUTE IMMEDIATE";
    PLS_IDENTIFIER_MUST_BE_DECLARED = Pls 201 "identifier '%s' must be declared";
    /// The argument is the reference (`S.NEXTVAL`): 10g's PL/SQL expressions.
    PLS_SEQUENCE_NOT_ALLOWED = Pls 357 "Table,View Or Sequence reference '%s' not allowed in this context";
    PLS_WRONG_ARGUMENTS = Pls 306 "wrong number or types of arguments in call to '%s'";
    PLS_FETCH_INTO_COUNT = Pls 394 "wrong number of values in the INTO list of a FETCH statement";
    PLS_INTO_EXPECTED = Pls 428 "an INTO clause is expected in this SELECT statement";
    PLS_OTHERS_LAST = Pls 370 "OTHERS handler must be last among the exception handlers of a block";
    /// The argument is the exception's name.
    PLS_EXCEPTION_IN_TWO_HANDLERS = Pls 483 "exception '%s' may appear in at most one exception handler in this block";
    /// The argument is the name as written.
    PLS_UNKNOWN_EXCEPTION_INIT = Pls 109 "unknown exception name '%s' in PRAGMA EXCEPTION_INIT";
    PLS_RAISE_OUTSIDE_HANDLER = Pls 367 "a RAISE statement with no exception name must be inside an exception handler";
    /// The argument is the number as written.
    PLS_ILLEGAL_EXCEPTION_INIT = Pls 701 "illegal ORACLE error number %s for PRAGMA EXCEPTION_INIT";
    PLS_NOT_A_PROCEDURE = Pls 221 "'%s' is not a procedure or is undefined";
    /// A stored program that does not compile, named by a caller (`LAB.P`).
    PLS_OBJECT_INVALID = Pls 905 "object %s is invalid";

    // ------------------------------------------------------------ SP2 (inside LAB-00002/LAB-00003)
    SP2_EXEC_USAGE = Sp2 42 "Usage: EXEC[UTE] statement";
    SP2_NOTHING_IN_BUFFER = Sp2 103 "Nothing in SQL buffer to run.";
    SP2_DESCRIBE_SEQUENCE = Sp2 381 "DESCRIBE sequence is not available";
    /// The argument is the command's usage line (`SET AUTOT[RACE] ...`).
    SP2_SET_USAGE = Sp2 158 "Usage: %s";
    SP2_MUST_BE_ON_OR_OFF = Sp2 265 "%s must be set ON or OFF";
    /// Arguments: the option, the value, the lowest and highest value.
    SP2_OPTION_OUT_OF_RANGE = Sp2 267 "%s option %s out of range (%s through %s)";
    SP2_OPTION_NOT_A_NUMBER = Sp2 268 "%s option not a valid number";
    /// The argument is the command's usage.
    SP2_INVALID_OPTION = Sp2 306 "Invalid option.\nUsage: %s";
    SP2_ILLEGAL_SHUTDOWN_OPTION = Sp2 717 "illegal SHUTDOWN option";
    /// The argument is the line's first 10 bytes (a longer line).
    SP2_UNKNOWN_COMMAND = Sp2 734 "unknown command beginning \"%s...\" - rest of line ignored.";
    /// The argument is the whole line (10 bytes or fewer).
    SP2_UNKNOWN_COMMAND_LINE = Sp2 42 "unknown command \"%s\" - rest of line ignored.";
    /// Arguments: the command (`SET`, `SHOW`), the option as written.
    SP2_UNKNOWN_OPTION = Sp2 158 "unknown %s option \"%s\"";
    SP2_UNABLE_TO_OPEN_FILE = Sp2 310 "unable to open file \"%s\"";
    SP2_START_NO_ARGUMENTS = Sp2 1506 "START, @ or @@ command has no arguments";
    /// The argument is the bind variable's name, upper-cased.
    SP2_BIND_NOT_DECLARED = Sp2 552 "Bind variable \"%s\" not declared.";
    /// `VARIABLE name type` with a name that is no identifier.
    SP2_ILLEGAL_VARIABLE_NAME = Sp2 553 "Illegal variable name \"%s\".";
    /// `DEFINE name` of a variable that has no value.
    SP2_SYMBOL_UNDEFINED = Sp2 135 "symbol %s is UNDEFINED";
    /// COLUMN ... FORMAT with a format SQL*Plus does not know.
    SP2_ILLEGAL_FORMAT = Sp2 246 "Illegal FORMAT string \"%s\"";
    /// BREAK with no clauses when no break is defined.
    SP2_NO_BREAKS = Sp2 15 "no break(s) defined";
    SP2_BREAK_NEEDS_ON = Sp2 16 "break specification must start with ON/BY or ACROSS keyword";

    // ------------------------------------------------------------ LAB
    /// Valid Oracle syntax that the lab does not model.
    LAB_UNSUPPORTED = Lab 1 "not supported by LIO Lab: %s";
    /// A SQL*Plus command line SQL*Plus would refuse: an `SP2-` message.
    LAB_SQLPLUS_COMMAND = Lab 2 "%s";
    /// A SQL*Plus command that cannot run now: an `SP2-` message.
    LAB_SQLPLUS_RUN = Lab 3 "%s";
    /// A malformed `LAB` command; the argument says what is wrong.
    LAB_COMMAND_SYNTAX = Lab 4 "%s";
    /// `&name` with no DEFINE for `name` (SQL*Plus would prompt for it); arguments: the name, three times.
    LAB_SUBSTITUTION_UNDEFINED = Lab 70 "substitution variable &%s is not defined: SQL*Plus would prompt \"Enter value for %s:\" and the lab reads no input (DEFINE %s = value first)";
    /// Arguments: the version, the known profiles.
    LAB_UNKNOWN_VERSION = Lab 10 "unknown Oracle version '%s'; known profiles: %s";
    /// Arguments: the parameter, what is wrong with the value.
    LAB_SET_BAD_VALUE = Lab 11 "LAB SET %s: %s";
    /// Arguments: the parameter, the known parameters.
    LAB_UNKNOWN_PARAMETER = Lab 12 "unknown lab parameter %s; known: %s";
    LAB_RUN_NEEDS_SQL = Lab 20 "LAB RUN needs a SQL statement";
    LAB_RUN_BIND_RANGE = Lab 21 "LAB RUN BIND range must be a to b with a <= b and at most 50,000,000 values";
    /// RUNS outside the lab's bound (a run keeps its statistics and trace).
    LAB_RUN_RUNS_RANGE = Lab 22 "LAB RUN RUNS must be between 1 and 1,000 (a limit of the lab)";
    /// More table references (tables, views, inline views) in one SQL
    /// statement than the lab's bound; the argument is the limit.
    LAB_TOO_MANY_TABLES = Lab 41 "more than %s tables, views and inline views in one statement (a limit of the lab)";
    /// References to WITH query names copy more tokens than the bound; the argument is the limit.
    LAB_WITH_EXPANSION = Lab 42 "WITH query names expand to more than %s tokens in one statement (a limit of the lab)";
    /// GROUP BY's ROLLUP, CUBE and GROUPING SETS expand to more grouping
    /// sets than the lab's bound; the argument is the limit.
    LAB_GROUPING_SETS = Lab 43 "GROUP BY expands to more than %s grouping sets (a limit of the lab)";
    /// The argument is the limit.
    LAB_PLSQL_CALL_DEPTH = Lab 40 "PL/SQL calls nested deeper than %s levels (a limit of the lab)";
    /// Calls fewer than LAB_PLSQL_CALL_DEPTH's, but with the loops, IFs
    /// and expression levels around each call, deeper than the lab's stack
    /// bound; the argument is the bound.
    LAB_PLSQL_NEST_DEPTH = Lab 40
        "PL/SQL calls nested too deeply: with the loops, IFs and expressions around them, more than %s levels (a limit of the lab)";
    LAB_ROW_GENERATOR_LIMIT = Lab 30 "row generators are limited to %s rows in the lab";
    LAB_HASHKEYS_LIMIT = Lab 31 "HASHKEYS must be between 1 and 4,000,000 in the lab";
    /// An expression tree deeper than the parser's limit; the argument is the limit.
    LAB_EXPRESSION_TOO_DEEP = Lab 32 "expression too deeply nested: more than %s levels (a limit of the lab)";
    /// The CLI's `--timeout` (printed by the host, listed here so the code is not reused); the argument is the seconds.
    LAB_CLI_TIMEOUT = Lab 35 "script stopped after %s s (--timeout)";
    /// DML on a row another session's open transaction has locked. Arguments: the table, the locking session's SID.
    LAB_ROW_LOCKED = Lab 36
        "a row of %s is locked by session %s: Oracle would wait on enq: TX - row lock contention until that session commits or rolls back; the lab runs one statement at a time, so the statement is not run";
    /// DML in a bitmap piece another session locked (the index, its SID).
    LAB_BITMAP_PIECE_LOCKED = Lab 37 "a bitmap piece of index %s is locked by session %s: Oracle would wait on enq: TX - row lock contention until that session commits or rolls back; the lab runs one statement at a time, so the statement is not run";
    /// A change to a block whose ITL slots other sessions' open
    /// transactions hold, with no free space for another (the table, the
    /// block, the sessions).
    LAB_ITL_WAIT = Lab 38 "no ITL slot is free in block %s of %s and the block has no room for another (held by sessions %s): Oracle would wait on enq: TX - allocate ITL entry until one of them commits or rolls back; the lab runs one statement at a time, so the statement is not run";
    /// A statement past its work budget; the argument is the budget.
    LAB_STATEMENT_WORK_LIMIT = Lab 33
        "statement stopped after %s units of work (buffer visits, rows, PL/SQL steps); LAB SET max_statement_work raises the limit";
    /// A script past its work budget; the argument is the budget.
    LAB_SCRIPT_WORK_LIMIT = Lab 33 "script stopped after %s units of work; LAB SET max_script_work raises the limit";
    /// The step that ends a script past its budget. Arguments: the budget,
    /// how many statements after this one were not run.
    LAB_SCRIPT_WORK_LIMIT_REST = Lab 33
        "script stopped after %s units of work; this and the %s statements after it were not run; LAB SET max_script_work raises the limit";
    /// The lab's data would outgrow its memory budget; the argument is the budget in MB.
    LAB_MEMORY_LIMIT = Lab 34
        "out of lab memory: the tables and rows of this script would take more than %s MB; LAB SET max_memory_mb raises the limit";
    /// `LAB DEVICE ... TYPE x` with an unknown type. Arguments: the type, the known types.
    LAB_UNKNOWN_DEVICE_TYPE = Lab 60 "unknown device type %s; known types: %s";
    /// Arguments: the parameter, the device type, the type's parameters.
    LAB_UNKNOWN_DEVICE_PARAMETER = Lab 61 "unknown parameter %s for a %s device; known: %s";
    /// A device parameter out of its range, or parameters that do not fit
    /// together. Arguments: the device, what is wrong.
    LAB_DEVICE_BAD_VALUE = Lab 62 "device %s: %s";
    /// The argument is the device name.
    LAB_DEVICE_EXISTS = Lab 63 "device %s already exists";
    /// The argument is the limit.
    LAB_TOO_MANY_DEVICES = Lab 64 "at most %s devices in the lab";
    /// The argument is the limit.
    LAB_TOO_MANY_TABLESPACES = Lab 65 "at most %s tablespaces in the lab";
    /// The argument is the group number.
    LAB_NO_SUCH_LOG_GROUP = Lab 80 "log group %s does not exist";
    /// The argument is the limit.
    LAB_TOO_MANY_LOG_GROUPS = Lab 81 "at most %s log groups in the lab";
    /// A step whose result (rows, output, plan, stacks) would be too large
    /// to hand to the host; the argument is the limit in MB.
    LAB_RESULT_TOO_LARGE = Lab 90
        "the statement ran, but its result is larger than %s MB and was not returned (rows, output and stacks dropped); fetch fewer rows or columns, or print less";
    /// A `LAB SWEEP` point whose worker failed (a wasm trap) while the
    /// host ran the points in parallel; the argument is the failure, one line.
    LAB_SWEEP_POINT_FAILED = Lab 97 "the engine failed at this point (%s); the other points ran";
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn no_entry_appears_twice() {
        let mut seen = HashSet::new();
        for e in catalogue() {
            assert!(seen.insert((e.facility, e.number, e.text)), "{e} is catalogued twice");
        }
    }

    #[test]
    fn every_text_is_filled_in_and_codes_print_as_oracle_does() {
        for e in catalogue() {
            assert!(!e.text.trim().is_empty(), "{}", e.code());
            assert_eq!(lookup(&e.code()).map(|l| l.code()), Some(e.code()));
        }
        assert_eq!(TABLE_OR_VIEW_DOES_NOT_EXIST.code(), "ORA-00942");
        assert_eq!(PLS_ENCOUNTERED_SYMBOL.code(), "PLS-00103");
        assert_eq!(SP2_UNKNOWN_COMMAND.code(), "SP2-0734");
        assert_eq!(LAB_UNSUPPORTED.code(), "LAB-00001");
        assert_eq!(APPLICATION_ERROR.code(), "ORA-20000");
    }

    #[test]
    fn placeholders_are_filled_in_order() {
        assert_eq!(
            VALUE_TOO_LARGE.message(&[&"C", &31, &30]),
            "value too large for column C (actual: 31, maximum: 30)"
        );
        assert_eq!(INVALID_IDENTIFIER.message(&[]), ": invalid identifier");
        assert_eq!(MISSING_EXPRESSION.message(&[&"ignored"]), "missing expression");
        assert_eq!(SP2_NOTHING_IN_BUFFER.line(&[]), "SP2-0103: Nothing in SQL buffer to run.");
    }
}
