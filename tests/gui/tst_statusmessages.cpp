// StatusMessages: no message in the status bar is lost to the next one. Answers to the user show at
// once; notices from background work wait their turn and come back when an answer cut them short.
// The waits are checked by what is queued, never by how long something took.
#include "StatusMessages.h"

#include <QMainWindow>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>

#include <memory>

using namespace engram;

namespace {

constexpr int kLong = 600000; // longer than any test: the message before stays unread
using Kind = StatusMessages::Kind;

const QString kBackup = QStringLiteral("The daily backup of the memory was written and checked.");
const QString kForgot = QStringLiteral("Forgetting moved 15 older episodes to the archive.");
const QString kSaved = QStringLiteral("Memory saved again.");
const QString kAnswer = QStringLiteral("Settings saved.");

QStringList shownIn(const QSignalSpy& spy)
{
    QStringList shown;
    for (const QList<QVariant>& change : spy) {
        if (const QString text = change.first().toString(); !text.isEmpty())
            shown << text;
    }
    return shown;
}

} // namespace

class TestStatusMessages final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QMainWindow> m_window;
    StatusMessages* m_messages{};

    QStatusBar* bar() const { return m_window->statusBar(); }

    void useTimes(int readMs) { m_messages->setTimes({.shownMs = kLong, .readMs = readMs}); }

private Q_SLOTS:
    void init()
    {
        m_window = std::make_unique<QMainWindow>();
        m_messages = new StatusMessages(m_window->statusBar(), m_window.get());
        m_window->show();
    }

    void cleanup() { m_window.reset(); }

    void aNoticeWaitsUntilTheMessageBeforeItHasBeenRead()
    {
        useTimes(kLong);
        m_messages->show(kForgot, Kind::Notice);
        m_messages->show(kBackup, Kind::Notice);
        QCOMPARE(bar()->currentMessage(), kForgot);
        QCOMPARE(m_messages->waiting(), QStringList{kBackup});
    }

    void waitingNoticesFollowInTheOrderTheyCame()
    {
        useTimes(20);
        QSignalSpy changes(bar(), &QStatusBar::messageChanged);
        m_messages->show(kForgot, Kind::Notice);
        m_messages->show(kBackup, Kind::Notice);
        m_messages->show(kSaved, Kind::Notice);
        QTRY_COMPARE(bar()->currentMessage(), kSaved);
        QCOMPARE(shownIn(changes), (QStringList{kForgot, kBackup, kSaved}));
        QVERIFY(m_messages->waiting().isEmpty());
    }

    void anAnswerShowsAtOnceAndTheNoticeItCutShortComesBack()
    {
        useTimes(kLong);
        m_messages->show(kForgot, Kind::Notice);
        m_messages->show(kBackup, Kind::Notice);
        m_messages->show(kAnswer, Kind::Answer);
        QCOMPARE(bar()->currentMessage(), kAnswer);
        QCOMPARE(m_messages->waiting(), (QStringList{kForgot, kBackup}));

        // A status tip under the pointer clears the answer: the notices need not wait any longer.
        bar()->clearMessage();
        QTRY_COMPARE(bar()->currentMessage(), kForgot);
        QCOMPARE(m_messages->waiting(), QStringList{kBackup});
    }

    void aNewAnswerReplacesTheAnswerBeforeIt()
    {
        useTimes(kLong);
        m_messages->show(kAnswer, Kind::Answer);
        m_messages->show(QStringLiteral("Copied the message to the clipboard."), Kind::Answer);
        QCOMPARE(bar()->currentMessage(), QStringLiteral("Copied the message to the clipboard."));
        QVERIFY(m_messages->waiting().isEmpty());
    }

    void theSameNoticeIsNotShownTwice()
    {
        useTimes(kLong);
        m_messages->show(kForgot, Kind::Notice);
        m_messages->show(kBackup, Kind::Notice);
        m_messages->show(kBackup, Kind::Notice);
        m_messages->show(kForgot, Kind::Notice);
        QCOMPARE(bar()->currentMessage(), kForgot);
        QCOMPARE(m_messages->waiting(), QStringList{kBackup});
    }

    void aNoticeShowsAtOnceWhenTheBarIsEmpty()
    {
        useTimes(kLong);
        m_messages->show(kAnswer, Kind::Answer);
        bar()->clearMessage();
        m_messages->show(kBackup, Kind::Notice);
        QCOMPARE(bar()->currentMessage(), kBackup);
        QVERIFY(m_messages->waiting().isEmpty());
    }
};

QTEST_MAIN(TestStatusMessages)
#include "tst_statusmessages.moc"
