#include "TcpRelay.h"

#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>

#include <atomic>

namespace engram::test {

class TcpRelay::Worker final : public QObject
{
public:
    Worker(QString host, quint16 port)
        : m_host(std::move(host))
        , m_port(port)
    {}

    quint16 listen()
    {
        m_server = new QTcpServer(this);
        if (!m_server->listen(QHostAddress::LocalHost))
            return 0;
        connect(m_server, &QTcpServer::newConnection, this, &Worker::take);
        return m_server->serverPort();
    }

    void setSilent(bool silent)
    {
        m_silent = silent;
        // Either way, what went before ends: the relayed connections when the server falls
        // silent, the unanswered ones when it speaks again.
        for (const QPointer<QTcpSocket>& socket : std::exchange(m_open, {})) {
            if (socket)
                socket->abort();
        }
    }

    std::atomic<int> silentTaken{0};

private:
    void take()
    {
        while (QTcpSocket* client = m_server->nextPendingConnection()) {
            m_open.append(client);
            connect(client, &QTcpSocket::disconnected, client, &QObject::deleteLater);
            if (m_silent) {
                ++silentTaken;
                connect(client, &QTcpSocket::readyRead, client, [client] { client->readAll(); });
                continue;
            }
            auto* upstream = new QTcpSocket(client);
            m_open.append(upstream);
            const auto pipe = [](QTcpSocket* from, QTcpSocket* to) {
                connect(from, &QTcpSocket::readyRead, to, [from, to] { to->write(from->readAll()); });
                connect(from, &QTcpSocket::disconnected, to, [to] { to->disconnectFromHost(); });
            };
            pipe(client, upstream);
            pipe(upstream, client);
            // What the client sent before the server was reached goes on once it is.
            connect(upstream, &QTcpSocket::connected, client,
                    [client, upstream] { upstream->write(client->readAll()); });
            upstream->connectToHost(m_host, m_port);
        }
    }

    QString m_host;
    quint16 m_port;
    QTcpServer* m_server{};
    QList<QPointer<QTcpSocket>> m_open;
    bool m_silent{};
};

TcpRelay::TcpRelay(const QString& host, quint16 port)
    : m_worker(new Worker(host, port))
{
    m_worker->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
    QMetaObject::invokeMethod(
        m_worker, [this] { return m_worker->listen(); }, Qt::BlockingQueuedConnection, &m_port);
}

TcpRelay::~TcpRelay()
{
    m_thread.quit();
    m_thread.wait();
}

void TcpRelay::silence()
{
    QMetaObject::invokeMethod(
        m_worker, [this] { m_worker->setSilent(true); }, Qt::BlockingQueuedConnection);
}

void TcpRelay::speak()
{
    QMetaObject::invokeMethod(
        m_worker, [this] { m_worker->setSilent(false); }, Qt::BlockingQueuedConnection);
}

int TcpRelay::silentConnections() const
{
    return m_worker->silentTaken.load();
}

} // namespace engram::test
