#include "storage/ServerKnock.h"

#include "storage/ServerConnection.h"

#include <QDeadlineTimer>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <thread>

#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace engram {
namespace {

// libpq's defaults on Debian when neither the address nor the environment names a host or port.
const QString kDefaultSocketDir = QStringLiteral("/var/run/postgresql");
constexpr int kDefaultPort = 5432;

// PostgreSQL's SSLRequest: its length (8) and the code 80877103, both big-endian.
constexpr unsigned char kSslRequest[8] = {0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f};

class Socket final
{
public:
    explicit Socket(int descriptor)
        : m_fd(descriptor)
    {}
    ~Socket()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Socket(const Socket&) = delete;
    Socket& operator=(const Socket&) = delete;
    int fd() const { return m_fd; }

private:
    int m_fd;
};

QString systemError(int code)
{
    return QString::fromLocal8Bit(std::strerror(code));
}

// Waits until `fd` is ready for `events` or the deadline passes.
Status await(int fd, short events, const QDeadlineTimer& deadline)
{
    for (;;) {
        pollfd p{fd, events, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(std::max<qint64>(0, deadline.remainingTime())));
        if (ready > 0)
            return {};
        if (ready == 0)
            return Error::database(QStringLiteral("no answer in time"));
        if (errno != EINTR)
            return Error::database(systemError(errno));
    }
}

// Connects `fd` to `address` without blocking past the deadline, sends the SSLRequest and reads
// the one byte of the answer.
Status knockAt(int fd, const sockaddr* address, socklen_t length, const QDeadlineTimer& deadline)
{
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    if (::connect(fd, address, length) != 0) {
        if (errno != EINPROGRESS && errno != EAGAIN)
            return Error::database(systemError(errno));
        if (auto st = await(fd, POLLOUT, deadline); !st)
            return st;
        int problem = 0;
        socklen_t size = sizeof problem;
        ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &problem, &size);
        if (problem != 0)
            return Error::database(systemError(problem));
    }
    if (::send(fd, kSslRequest, sizeof kSslRequest, MSG_NOSIGNAL) != static_cast<ssize_t>(sizeof kSslRequest))
        return Error::database(systemError(errno));
    for (;;) {
        if (auto st = await(fd, POLLIN, deadline); !st)
            return st;
        char answer = 0;
        const ssize_t got = ::recv(fd, &answer, 1, 0);
        if (got == 1)
            return {}; // 'S', 'N', or an error message's 'E' from a server that refuses: it answered
        if (got == 0)
            return Error::database(QStringLiteral("the connection was closed without an answer"));
        if (errno != EINTR && errno != EAGAIN)
            return Error::database(systemError(errno));
    }
}

Status knockOnSocket(const QString& directory, int port, const QDeadlineTimer& deadline)
{
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const QByteArray path = QStringLiteral("%1/.s.PGSQL.%2").arg(directory).arg(port).toLocal8Bit();
    if (path.size() >= static_cast<qsizetype>(sizeof address.sun_path))
        return Error::invalid(QStringLiteral("the socket path %1 is too long").arg(QString::fromLocal8Bit(path)));
    std::memcpy(address.sun_path, path.constData(), static_cast<size_t>(path.size()));
    Socket socket(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (socket.fd() < 0)
        return Error::database(systemError(errno));
    return knockAt(socket.fd(), reinterpret_cast<const sockaddr*>(&address), sizeof address, deadline);
}

// Each address of `host` in turn, as libpq tries them, until one answers.
Status knockOnHost(const QString& host, int port, const QDeadlineTimer& deadline)
{
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    const int resolved = ::getaddrinfo(host.toUtf8().constData(), QByteArray::number(port).constData(), &hints, &found);
    if (resolved != 0)
        return Error::database(QString::fromLocal8Bit(::gai_strerror(resolved)));
    std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> addresses(found, &::freeaddrinfo);
    Status last = Error::database(QStringLiteral("no address"));
    for (const addrinfo* a = found; a != nullptr && !deadline.hasExpired(); a = a->ai_next) {
        Socket socket(::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol));
        if (socket.fd() < 0) {
            last = Error::database(systemError(errno));
            continue;
        }
        last = knockAt(socket.fd(), a->ai_addr, a->ai_addrlen, deadline);
        if (last)
            return last;
    }
    return last;
}

} // namespace

struct ServerKnock::Shared
{
    std::mutex mutex;
    State state{State::Idle};
    QString why;
};

ServerKnock::ServerKnock(const MemoryLocation& location)
    : m_shared(std::make_shared<Shared>())
    , m_host(location.host())
    , m_port(location.port())
{
    // Where libpq would go: the address's host and port, else PGHOST and PGPORT, else its defaults.
    if (m_host.isEmpty())
        m_host = qEnvironmentVariable("PGHOST", kDefaultSocketDir);
    if (m_port <= 0)
        m_port = qEnvironmentVariableIntValue("PGPORT");
    if (m_port <= 0)
        m_port = kDefaultPort;
    // As libpq reads connect_timeout: under 2 s is 2 s. Zero (wait for ever) is no bound for a
    // knock, which gives the connection's default instead.
    const int given = location.option(u"connect_timeout").toInt();
    m_timeoutMs = (given > 0 ? std::max(2, given) : ServerConnection::kConnectTimeoutSecs) * 1000;
}

ServerKnock::~ServerKnock() = default;

void ServerKnock::start()
{
    {
        std::lock_guard lock(m_shared->mutex);
        if (m_shared->state == State::Knocking)
            return;
        m_shared->state = State::Knocking;
        m_shared->why.clear();
    }
    std::thread([shared = m_shared, host = m_host, port = m_port, timeoutMs = m_timeoutMs] {
        const Status answered = knock(host, port, timeoutMs);
        std::lock_guard lock(shared->mutex);
        shared->state = answered ? State::Answered : State::Silent;
        if (!answered)
            shared->why = answered.errorMessage();
    }).detach();
}

ServerKnock::State ServerKnock::take(QString* why)
{
    std::lock_guard lock(m_shared->mutex);
    const State state = m_shared->state;
    if (why && state == State::Silent)
        *why = QStringLiteral("%1:%2 did not answer: %3").arg(m_host).arg(m_port).arg(m_shared->why); // for the log
    if (state == State::Answered || state == State::Silent)
        m_shared->state = State::Idle;
    return state;
}

bool ServerKnock::knocking() const
{
    std::lock_guard lock(m_shared->mutex);
    return m_shared->state == State::Knocking;
}

Status ServerKnock::knock(const QString& host, int port, int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    // A list of hosts is libpq's to try in turn; a knock on one of them could say nothing of the
    // others, so it counts as answered and the connecting decides.
    if (host.contains(QLatin1Char(',')))
        return {};
    return host.startsWith(QLatin1Char('/')) ? knockOnSocket(host, port, deadline) : knockOnHost(host, port, deadline);
}

} // namespace engram
