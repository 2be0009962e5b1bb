#include "FakeServerCore.h"

#include "FakeHttpConnection.h"
#include "FakeServerState.h"

#include <QMutexLocker>
#include <QTcpSocket>

namespace engram::test {

FakeServerCore::FakeServerCore(std::shared_ptr<FakeServerState> state)
    : m_state(std::move(state))
    , m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, &FakeServerCore::onNewConnection);
}

bool FakeServerCore::listen(quint16 port)
{
    return m_server->listen(QHostAddress::LocalHost, port);
}

void FakeServerCore::close()
{
    m_server->close();
    const auto connections = findChildren<FakeHttpConnection*>(QString(), Qt::FindDirectChildrenOnly);
    for (FakeHttpConnection* c : connections)
        delete c;
}

void FakeServerCore::onNewConnection()
{
    while (QTcpSocket* socket = m_server->nextPendingConnection())
        new FakeHttpConnection(socket, *this);
}

void FakeServerCore::handle(FakeHttpConnection* connection, const RecordedRequest& request)
{
    const FakeReply reply = m_state->answer(request);
    FakeServerOptions options;
    int sequence{};
    {
        QMutexLocker lock(&m_state->mutex);
        options = m_state->options;
        sequence = static_cast<int>(m_state->requests.size());
    }
    Q_EMIT requestReceived(request);
    connection->respond(FakeResponseBuilder::build(reply, request, options, sequence));
}

} // namespace engram::test
