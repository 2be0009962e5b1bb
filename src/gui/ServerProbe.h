#pragma once

#include "core/Result.h"

#include <QString>

namespace engram {

// What Settings → Memory storage's "Test connection" found on a memory server.
struct ServerSummary
{
    QString version; // e.g. "15.8"
    int profiles{};  // users whose memory the server holds
};

// Opens a memory server once, the way the app opens it at its next start, says what is there and
// closes it again. The password the user typed goes with this connection alone (never into the
// environment), so a test may run on a thread of its own.
namespace ServerProbe {

// How long a test waits for an answer when the address sets no connect_timeout of its own: without
// one libpq waits for the system's TCP timeout, minutes for a host that drops packets.
constexpr int kConnectTimeoutSeconds = 5;

// Opens the server at `address` (postgresql://…; checked by MemoryLocation::parse) for writing, so
// Engram's tables are made or upgraded there as the next start would, with `password` as the password
// (empty: PGPASSWORD or ~/.pgpass as they are). Blocks while connecting, at most
// kConnectTimeoutSeconds unless the address says otherwise: call it off the GUI thread.
Result<ServerSummary> test(const QString& address, const QString& password);

// A message of libpq, which indents its hints with tabs, as lines flush with the rest.
QString readable(const QString& message);

} // namespace ServerProbe

} // namespace engram
