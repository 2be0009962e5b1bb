#include "QuitOnSignal.h"

#include "GuiLog.h"

#include <QSocketNotifier>

#include <array>
#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace engram {

namespace {

// A signal handler may only write to a file descriptor; the event loop reads the other end.
std::array<int, 2> g_pipe{-1, -1};
constexpr std::array kSignals{SIGTERM, SIGINT, SIGHUP};

void onSignal(int signalNumber)
{
    const auto byte = static_cast<unsigned char>(signalNumber);
    [[maybe_unused]] const auto written = ::write(g_pipe[0], &byte, 1);
}

void setHandler(void (*handler)(int))
{
    struct sigaction action
    {
    };
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int s : kSignals)
        ::sigaction(s, &action, nullptr);
}

} // namespace

QuitOnSignal::QuitOnSignal(QObject* parent)
    : QObject(parent)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, g_pipe.data()) != 0) {
        qCWarning(lcGui) << "cannot watch for SIGTERM: socketpair failed";
        return;
    }
    m_notifier = new QSocketNotifier(g_pipe[1], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &QuitOnSignal::readSignal);
    setHandler(&onSignal);
}

QuitOnSignal::~QuitOnSignal()
{
    if (!m_notifier)
        return;
    setHandler(SIG_DFL);
    ::close(g_pipe[0]);
    ::close(g_pipe[1]);
    g_pipe = {-1, -1};
}

void QuitOnSignal::readSignal()
{
    unsigned char byte{};
    if (::read(g_pipe[1], &byte, 1) != 1)
        return;
    qCInfo(lcGui) << "received signal" << int(byte) << "- quitting";
    Q_EMIT received(int(byte));
}

} // namespace engram
