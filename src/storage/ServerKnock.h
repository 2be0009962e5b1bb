#pragma once

#include "storage/MemoryLocation.h"

#include <QString>

#include <memory>

namespace engram {

// Whether the memory server a location names answers, asked on a thread of its own, so that the
// caller (the app's window) never waits on the network for it. While a server stays away, a try
// to connect on the caller's thread blocks it for as long as connecting takes: for a host that
// drops packets (a laptop away from the office network) that is connect_timeout, ten seconds, on
// every retry. A knock is the first step of PostgreSQL's own protocol: it sends the 8-byte
// SSLRequest, which a server answers with one byte ('S' or 'N') before any password; it logs in
// to nothing and leaves nothing behind. Once the server answered, connecting takes as long as
// the server takes to answer a login.
//
// The thread outlives the object when a knock is still under way (at most the location's
// connect_timeout): it shares only its own small state, so the caller never waits for it.
class ServerKnock final
{
public:
    enum class State
    {
        Idle,     // no knock, or its answer was taken
        Knocking, // under way
        Answered, // the server answered the last knock
        Silent,   // no answer within the timeout, refused, or no such host
    };

    explicit ServerKnock(const MemoryLocation& location);
    ~ServerKnock();
    ServerKnock(const ServerKnock&) = delete;
    ServerKnock& operator=(const ServerKnock&) = delete;

    // Starts a knock unless one is under way.
    void start();
    // What the last knock found; Answered and Silent are handed out once (Idle after that), with
    // what went wrong in `why` for Silent.
    State take(QString* why = nullptr);
    bool knocking() const;

    // The knock itself, on the calling thread: whether a PostgreSQL server answers on `host`
    // (a name, an address, or a Unix socket's directory) at `port` within `timeoutMs`.
    static Status knock(const QString& host, int port, int timeoutMs);

private:
    struct Shared;
    std::shared_ptr<Shared> m_shared;
    QString m_host;
    int m_port{};
    int m_timeoutMs{};
};

} // namespace engram
