// Generated from engine-wasm/core/src/catalog/json.rs by its test
// (LIO_UPDATE_CONTRACT=1 cargo test -p lio-core --test catalog_contract). Do not edit.
// The catalog JSON of Engine.catalog() (docs/ENGINE-API.md).

/** The catalog after a script: its segments, the buffer cache and the MemOptimized pool (`Engine.catalog()`). */
export interface Catalog {
  block_size: number;
  cache: CacheInfo;
  memopt: MemoptInfo;
  segments: Segment[];
  /** The Oracle version profile's name, e.g. `18.0.0`. */
  version: string;
}

/** The buffer cache. */
export interface CacheInfo {
  cbc_latch_children: number;
  hash_buckets: number;
  pools: BufferPool[];
}

/** A buffer pool: its buffers and those holding a block. */
export interface BufferPool {
  buffers: number;
  name: 'DEFAULT' | 'KEEP';
  used: number;
}

/** The MemOptimized pool (all zero while MEMOPTIMIZE_POOL_SIZE is 0). */
export interface MemoptInfo {
  buffer_area_bytes: number;
  hash_index_bytes: number;
  /** Heap tables declared MEMOPTIMIZE FOR READ, populated or not. */
  memoptimize_read_tables: string[];
  pool_bytes: number;
  /** The tables in the pool. */
  tables: MemoptTable[];
}

/** A table in the MemOptimized pool. */
export interface MemoptTable {
  blocks: number;
  name: string;
  populated: boolean;
  rows_populated: number;
}

/** One segment (dropped ones left out). Block numbers are segment-relative: 0 is the segment header of heap tables and clusters; a B-tree's root is `levels[0].first_block`. */
export interface Segment {
  /** Blocks below the high-water mark, the segment header included (absent when the object owning the segment is not found). */
  blocks?: number;
  /** An index's (or IOT's) B-tree. */
  btree?: BtreeInfo;
  /** A bitmap index's pieces (its B-tree's leaves hold them). */
  bitmap?: BitmapInfo;
  /** A hash cluster's buckets and overflow chains. */
  cluster?: ClusterInfo;
  /** A data dictionary (SYS) segment that recursive SQL reads. */
  dictionary?: boolean;
  /** Block number of the segment header. */
  header_block: number;
  /** The trace's `segment` column names segments by this. */
  id: number;
  kind: 'TABLE' | 'INDEX' | 'IOT' | 'CLUSTER';
  /** A heap table's MEMOPTIMIZE FOR READ attribute. */
  memoptimize_read?: boolean;
  name: string;
  pool: 'DEFAULT' | 'KEEP';
  /** A table or index partition's segment: its place in its partitioned object. */
  partition?: SegmentPartition;
  /** Rows (a B-tree's entries; a cluster's rows of all its tables). */
  rows?: number;
  /** The table an index (or IOT) belongs to; a cluster's first table. */
  table: string | null;
}

/** A B-tree's shape: its levels, root first. */
export interface BtreeInfo {
  entries_per_leaf: number;
  /** 1: the root is the leaf. */
  height: number;
  /** Root first. */
  levels: BtreeLevel[];
  unique: boolean;
}

/** A B-tree level: `count` blocks from `first_block`. */
export interface BtreeLevel {
  count: number;
  first_block: number;
}

/** A bitmap index's pieces: each leaf row is a key, a start and an end rowid and the compressed bitmap of the rows between. */
export interface BitmapInfo {
  /** Distinct keys. */
  keys: number;
  /** Pieces (leaf rows) in all. */
  pieces: number;
  /** The first pieces in key order (at most 64): the picture's. */
  sample: BitmapPiece[];
}

/** One bitmap piece: a leaf row. */
export interface BitmapPiece {
  /** Bytes of its compressed bitmap. */
  bitmap_bytes: number;
  /** Table block of its end rowid. */
  end_block: number;
  /** The key, as SQL*Plus shows the value. */
  key: string;
  /** The index leaf block holding it. */
  leaf: number;
  /** Rows (bits set) it holds. */
  rows: number;
  /** Table block of its start rowid. */
  start_block: number;
}

/** A hash cluster's shape. */
export interface ClusterInfo {
  /** Blocks preallocated for the HASHKEYS buckets. */
  bucket_blocks: number;
  /** Only the buckets with overflow blocks. */
  chains: ClusterChain[];
  hashkeys: number;
  keys_per_block: number;
  overflow_blocks: number;
  size: number;
}

/** A bucket block and its overflow chain. */
export interface ClusterChain {
  block: number;
  overflow: number[];
}

/** A partition's segment in its partitioned table or index. */
export interface SegmentPartition {
  /** Partitions of the object. */
  count: number;
  /** The bound as USER_TAB_PARTITIONS.HIGH_VALUE shows it (empty for hash). */
  high_value: string;
  /** LOCAL (an index partitioned as its table; false for a table's own). */
  local: boolean;
  /** RANGE, LIST or HASH (the table's; a global index's own). */
  method: string;
  /** The partition's name. */
  name: string;
  /** The partitioned table or index. */
  of: string;
  /** 1 for the first partition: DBMS_XPLAN's Pstart / Pstop number it. */
  position: number;
}
