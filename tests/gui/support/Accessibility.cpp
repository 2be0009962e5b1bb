#include "Accessibility.h"

#include <QAccessible>
#include <QWidget>

namespace engram::test {

QStringList unnamedControls(const QWidget* root)
{
    QStringList unnamed;
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if (!w->isVisible() || w->focusPolicy() == Qt::NoFocus)
            continue;
        QAccessibleInterface* a = QAccessible::queryAccessibleInterface(w);
        const QString name =
            QStringLiteral("%1 (%2)").arg(w->objectName(), QString::fromLatin1(w->metaObject()->className()));
        if ((!a || a->text(QAccessible::Name).trimmed().isEmpty()) && !unnamed.contains(name))
            unnamed.append(name);
    }
    return unnamed;
}

} // namespace engram::test
