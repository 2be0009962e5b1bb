// The chat view on its own: Markdown rendering, batched streaming, following new text, copying.
#include "ChatView.h"
#include "MessageBody.h"
#include "MessageWidget.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QLabel>
#include <QScrollBar>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>
#include <QToolButton>

using namespace engram;

class TestChatView final : public QObject
{
    Q_OBJECT

private:
    static QTextDocument* documentOf(MessageWidget* m) { return m->findChild<MessageBody*>()->document(); }

private Q_SLOTS:
    void assistantMarkdownRendersHeadingsListsTablesAndCode()
    {
        ChatView view;
        view.resize(800, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QString markdown =
            QStringLiteral("# Plan\n\n- one\n- two\n\n| Day | Topic |\n|---|---|\n| Tue | 开箱 |\n\n"
                           "```\nfor f in *.mp4; do echo $f; done\n```\n");
        MessageWidget* m = view.appendMessage(Role::Assistant, markdown, QDateTime::currentDateTime());
        QTextDocument* doc = documentOf(m);

        QCOMPARE(doc->begin().blockFormat().headingLevel(), 1);
        QCOMPARE(doc->begin().text(), QStringLiteral("Plan"));
        QVERIFY(!m->renderedText().contains(QLatin1Char('#')));
        QVERIFY(!m->renderedText().contains(QLatin1Char('|')));
        bool table = false;
        for (QTextFrame* frame : doc->rootFrame()->childFrames())
            table = table || qobject_cast<QTextTable*>(frame);
        QVERIFY(table);
        bool codeInMonospace = false;
        bool list = false;
        for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
            list = list || (b.textList() && b.text() == QStringLiteral("one"));
            if (b.text().startsWith(QStringLiteral("for f in")))
                codeInMonospace =
                    QFontInfo(b.charFormat().font()).fixedPitch() ||
                    b.charFormat().font().family() == QFontDatabase::systemFont(QFontDatabase::FixedFont).family();
        }
        QVERIFY(list);
        QVERIFY(codeInMonospace);
    }

    void userTextIsShownAsTyped()
    {
        ChatView view;
        MessageWidget* m = view.appendMessage(Role::User, QStringLiteral("**not bold** # nor a heading"), {});
        QCOMPARE(m->renderedText(), QStringLiteral("**not bold** # nor a heading"));
    }

    void streamingRendersInBatchesNotPerDelta()
    {
        ChatView view;
        view.show();
        MessageWidget* m = view.appendMessage(Role::Assistant, QString(), QDateTime::currentDateTime());
        m->setState(MessageWidget::State::Streaming);
        QString expected;
        for (int i = 0; i < 200; ++i) {
            const QString delta = QStringLiteral("word%1 ").arg(i);
            expected += delta;
            m->appendText(delta);
        }
        // Nothing is re-rendered while deltas arrive within one pass of the event loop...
        QVERIFY(m->renderedText().isEmpty());
        QCOMPARE(m->text(), expected);
        // ...and all of it appears on the next render.
        QTRY_COMPARE(m->renderedText(), expected.trimmed());
        m->appendText(QStringLiteral("last"));
        m->setState(MessageWidget::State::Complete); // finishing renders at once
        QVERIFY(m->renderedText().endsWith(QStringLiteral("last")));
    }

    void followsNewTextUnlessTheUserScrolledUp()
    {
        ChatView view;
        view.resize(500, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        for (int i = 0; i < 20; ++i)
            view.appendMessage(i % 2 ? Role::Assistant : Role::User, QStringLiteral("message %1").arg(i), {});
        QScrollBar* bar = view.verticalScrollBar();
        QTRY_VERIFY(bar->maximum() > 0);
        QTRY_COMPARE(bar->value(), bar->maximum());

        bar->setValue(0); // the user scrolls up to read
        QVERIFY(!view.followsLatest());
        const int oldMax = bar->maximum();
        MessageWidget* last = view.lastMessage();
        last->appendText(QStringLiteral("\n\nmore text\n\nand more\n\nand more"));
        last->flush();
        QTRY_VERIFY(bar->maximum() > oldMax);
        QCOMPARE(bar->value(), 0);

        view.scrollToLatest();
        QVERIFY(view.followsLatest());
        const int before = bar->maximum();
        view.appendMessage(Role::User, QStringLiteral("new\n\nlines\n\nhere"), {});
        QTRY_VERIFY(bar->maximum() > before);
        QTRY_COMPARE(bar->value(), bar->maximum());
    }

    void copyPutsTheMessageOnTheClipboard()
    {
        ChatView view;
        view.show();
        MessageWidget* m = view.appendMessage(Role::Assistant, QStringLiteral("Use `ffmpeg -i in.mp4`"), {});
        QTest::mouseClick(m->findChild<QToolButton*>(QStringLiteral("copyButton")), Qt::LeftButton);
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("Use `ffmpeg -i in.mp4`"));
    }

    void thePlaceholderShowsOnlyWhileEmpty()
    {
        ChatView view;
        view.show();
        view.setPlaceholder(QStringLiteral("Ask anything."));
        auto* placeholder = view.findChild<QLabel*>(QStringLiteral("placeholderLabel"));
        QVERIFY(placeholder->isVisible());
        MessageWidget* m = view.appendMessage(Role::User, QStringLiteral("hi"), {});
        QVERIFY(!placeholder->isVisible());
        view.removeMessage(m);
        QVERIFY(placeholder->isVisible());
        view.appendNotice(QStringLiteral("Remembered: x"), QString());
        QVERIFY(!placeholder->isVisible());
        view.clear();
        QVERIFY(placeholder->isVisible());
    }
};

QTEST_MAIN(TestChatView)
#include "tst_chatview.moc"
