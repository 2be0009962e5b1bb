#pragma once

#include "FakeLlmContent.h"

#include <QObject>

class QTcpSocket;

namespace engram::test {

class FakeServerCore;

// One client connection of FakeLlmServer: reads HTTP/1.1 requests (keep-alive), and writes each
// response with the pacing it asks for — stalls, byte-sized chunks, a dropped connection.
class FakeHttpConnection final : public QObject
{
    Q_OBJECT

public:
    FakeHttpConnection(QTcpSocket* socket, FakeServerCore& server);

    void respond(const FakeResponse& response);

private:
    void onReadyRead();
    void onDisconnected();
    bool parseRequest();
    void writeHead();
    void writeNext();
    void writeBody(const QByteArray& bytes);
    void endResponse();
    void drop();

    QTcpSocket* m_socket{};
    FakeServerCore& m_server;
    QByteArray m_buffer;
    bool m_busy{};       // a request is being answered
    bool m_closeAfter{}; // the client sent "Connection: close"
    bool m_closing{};    // we are closing on purpose: not a client abort

    FakeResponse m_response;
    QList<QByteArray> m_segments;
    qsizetype m_next{};
    qint64 m_sent{};
    bool m_stalled{};
};

} // namespace engram::test
