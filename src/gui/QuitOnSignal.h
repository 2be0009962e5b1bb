#pragma once

#include <QObject>

class QSocketNotifier;

namespace engram {

// Turns SIGTERM, SIGINT and SIGHUP (a session logging out, Ctrl+C, a closed terminal) into a Qt
// signal, so the app can quit through its event loop and close the memory file cleanly.
class QuitOnSignal final : public QObject
{
    Q_OBJECT

public:
    // Installs the handlers; one instance per process.
    explicit QuitOnSignal(QObject* parent = nullptr);
    ~QuitOnSignal() override;

Q_SIGNALS:
    void received(int signalNumber);

private:
    void readSignal();

    QSocketNotifier* m_notifier{};
};

} // namespace engram
