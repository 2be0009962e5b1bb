#include "FakeHttpConnection.h"

#include "FakeServerCore.h"
#include "FakeServerState.h"

#include <QTcpSocket>
#include <QTimer>

#include <algorithm>

namespace engram::test {

FakeHttpConnection::FakeHttpConnection(QTcpSocket* socket, FakeServerCore& server)
    : QObject(&server)
    , m_socket(socket)
    , m_server(server)
{
    socket->setParent(this);
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1); // so small chunks leave one by one
    connect(socket, &QTcpSocket::readyRead, this, &FakeHttpConnection::onReadyRead);
    connect(socket, &QTcpSocket::disconnected, this, &FakeHttpConnection::onDisconnected);
}

void FakeHttpConnection::onReadyRead()
{
    m_buffer += m_socket->readAll();
    while (!m_busy && parseRequest()) {
    }
}

void FakeHttpConnection::onDisconnected()
{
    if (m_busy && !m_closing)
        m_server.state().ended(FakeServerState::Ending::AbortedByClient);
    m_busy = false;
    deleteLater();
}

bool FakeHttpConnection::parseRequest()
{
    const qsizetype headEnd = m_buffer.indexOf("\r\n\r\n");
    if (headEnd < 0)
        return false;
    const QList<QByteArray> lines = m_buffer.left(headEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    RecordedRequest request;
    request.method = requestLine.value(0);
    request.path = QString::fromUtf8(requestLine.value(1));
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon > 0)
            request.headers.insert(lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed());
    }
    const qsizetype length = request.header("content-length").toLongLong();
    if (m_buffer.size() < headEnd + 4 + length)
        return false;
    request.body = m_buffer.mid(headEnd + 4, length);
    m_buffer.remove(0, headEnd + 4 + length);
    try {
        if (!request.body.isEmpty())
            request.json = nlohmann::json::parse(request.body.constBegin(), request.body.constEnd());
    } catch (const nlohmann::json::exception&) {
        request.json = nullptr;
    }
    m_closeAfter = request.header("connection").toLower() == "close";
    m_busy = true;
    m_server.handle(this, request);
    return true;
}

void FakeHttpConnection::respond(const FakeResponse& response)
{
    m_response = response;
    m_segments.clear();
    m_next = 0;
    m_sent = 0;
    m_stalled = false;
    const QByteArray body = response.pieces.join();
    if (!response.cuts.isEmpty()) {
        QList<int> cuts = response.cuts;
        std::sort(cuts.begin(), cuts.end());
        qsizetype from = 0;
        for (int cut : cuts) {
            if (cut > from && cut < body.size()) {
                m_segments.append(body.mid(from, cut - from));
                from = cut;
            }
        }
        m_segments.append(body.mid(from));
    } else if (response.chunkBytes > 0) {
        for (qsizetype i = 0; i < body.size(); i += response.chunkBytes)
            m_segments.append(body.mid(i, response.chunkBytes));
    } else {
        m_segments = response.pieces;
    }
    if (response.stallBeforeMs > 0)
        QTimer::singleShot(response.stallBeforeMs, this, &FakeHttpConnection::writeHead);
    else
        writeHead();
}

void FakeHttpConnection::writeHead()
{
    m_socket->write(m_response.head());
    m_socket->flush();
    writeNext();
}

void FakeHttpConnection::writeNext()
{
    while (m_socket->state() == QAbstractSocket::ConnectedState) {
        if (m_next >= m_segments.size() && m_response.keepAliveMs > 0) {
            writeBody(m_response.keepAlive);
            QTimer::singleShot(m_response.keepAliveMs, this, &FakeHttpConnection::writeNext);
            return;
        }
        if (m_next >= m_segments.size()) {
            endResponse();
            return;
        }
        const QByteArray segment = m_segments[m_next];
        const qint64 end = m_sent + segment.size();
        if (m_response.dropAfterBytes >= 0 && end >= m_response.dropAfterBytes) {
            writeBody(segment.left(m_response.dropAfterBytes - m_sent));
            drop();
            return;
        }
        if (m_response.stallAfterBytes >= 0 && !m_stalled && end >= m_response.stallAfterBytes) {
            const qsizetype part = m_response.stallAfterBytes - m_sent;
            writeBody(segment.left(part));
            m_segments[m_next] = segment.mid(part);
            if (m_segments[m_next].isEmpty())
                ++m_next;
            m_stalled = true;
            QTimer::singleShot(m_response.stallAfterMs, this, &FakeHttpConnection::writeNext);
            return;
        }
        writeBody(segment);
        ++m_next;
        if (m_response.chunkDelayMs > 0 && m_next < m_segments.size()) {
            QTimer::singleShot(m_response.chunkDelayMs, this, &FakeHttpConnection::writeNext);
            return;
        }
    }
}

void FakeHttpConnection::writeBody(const QByteArray& bytes)
{
    if (bytes.isEmpty())
        return;
    if (m_response.chunked)
        m_socket->write(QByteArray::number(bytes.size(), 16) + "\r\n" + bytes + "\r\n");
    else
        m_socket->write(bytes);
    m_socket->flush();
    m_sent += bytes.size();
}

void FakeHttpConnection::endResponse()
{
    if (m_response.chunked)
        m_socket->write("0\r\n\r\n");
    m_socket->flush();
    m_busy = false;
    m_server.state().ended(FakeServerState::Ending::Completed);
    if (m_closeAfter) {
        drop();
        return;
    }
    while (!m_busy && parseRequest()) {
    }
}

void FakeHttpConnection::drop()
{
    m_closing = true;
    if (m_busy)
        m_server.state().ended(FakeServerState::Ending::Dropped);
    m_busy = false;
    m_socket->disconnectFromHost();
}

} // namespace engram::test
