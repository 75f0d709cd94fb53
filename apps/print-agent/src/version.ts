/** The utility's own version, sent in its hello; the protocol version it speaks is PRINT_PROTOCOL_VERSION. */
export const AGENT_VERSION = '1.1.0';
