#pragma once

#include "FakeReply.h"

#include <QObject>
#include <QTcpServer>

#include <memory>

namespace engram::test {

struct FakeServerState;
class FakeHttpConnection;

// The network side of FakeLlmServer, living on its own thread so that a test's waiting loop
// (QTRY_*, qWaitFor, which sleep between rounds) cannot slow the server's paced writes.
class FakeServerCore final : public QObject
{
    Q_OBJECT

public:
    explicit FakeServerCore(std::shared_ptr<FakeServerState> state);

    // Called through a blocking queued invocation from the owner's thread.
    Q_INVOKABLE bool listen(quint16 port);
    Q_INVOKABLE void close();
    quint16 port() const { return m_server->serverPort(); }
    QString errorString() const { return m_server->errorString(); }

    FakeServerState& state() { return *m_state; }
    void handle(FakeHttpConnection* connection, const RecordedRequest& request);

Q_SIGNALS:
    void requestReceived(const engram::test::RecordedRequest& request);

private:
    void onNewConnection();

    std::shared_ptr<FakeServerState> m_state;
    QTcpServer* m_server{}; // a child, so it moves to the server thread with this object
};

} // namespace engram::test
