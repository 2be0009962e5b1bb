// QuitOnSignal: a SIGTERM (what a session sends on logout) reaches the event loop as a Qt signal
// instead of killing the process, so the app can close its memory file; without it the default
// action would end this test.
#include "QuitOnSignal.h"

#include <QSignalSpy>
#include <QTest>

#include <csignal>

using namespace engram;

class TestQuitOnSignal final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sigtermArrivesAsAQtSignal()
    {
        QuitOnSignal watcher;
        QSignalSpy received(&watcher, &QuitOnSignal::received);
        QVERIFY(::raise(SIGTERM) == 0);
        QVERIFY(received.wait());
        QCOMPARE(received.size(), 1);
        QCOMPARE(received.first().first().toInt(), SIGTERM);
    }

    void eachSignalArrivesOnce()
    {
        QuitOnSignal watcher;
        QSignalSpy received(&watcher, &QuitOnSignal::received);
        QVERIFY(::raise(SIGINT) == 0);
        QVERIFY(::raise(SIGHUP) == 0);
        QTRY_COMPARE(received.size(), 2);
        QCOMPARE(received.at(0).first().toInt(), SIGINT);
        QCOMPARE(received.at(1).first().toInt(), SIGHUP);
    }
};

QTEST_GUILESS_MAIN(TestQuitOnSignal)
#include "tst_quitonsignal.moc"
