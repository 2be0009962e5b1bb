#pragma once

#include <QString>
#include <QThread>

namespace engram::test {

// A TCP relay on 127.0.0.1 to a server, run on a thread of its own, so that a connection made on
// the test's thread never waits for the test's event loop. It passes every connection on until
// silence(): that cuts the connections it relays and from then on takes new ones without a word
// in either direction, as a server that does not answer (a host that drops packets) would, until
// speak() passes new ones on again and closes the silent ones.
class TcpRelay final
{
public:
    TcpRelay(const QString& host, quint16 port);
    ~TcpRelay();
    TcpRelay(const TcpRelay&) = delete;
    TcpRelay& operator=(const TcpRelay&) = delete;

    // The port it listens on (0: it could not listen).
    quint16 port() const { return m_port; }
    void silence();
    void speak();
    // Connections taken while silent, so far.
    int silentConnections() const;

private:
    class Worker;
    QThread m_thread;
    Worker* m_worker{};
    quint16 m_port{};
};

} // namespace engram::test
